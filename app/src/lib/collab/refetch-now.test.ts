// A change heard while a list is still loading for the first time: the first load may have read
// the database before the change (CI saw a file attached by someone else never show, the list
// staying "No files attached"). With a plain invalidation TanStack Query joins that first load;
// refetchNow() fetches again, so the list ends with what the server has now.
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { refetchNow } from './use-live.ts';

let client: QueryClient;

type Files = QueryObserver<string[], Error, string[], string[], string[]>;

afterEach(() => client.clear());

/** A server whose rows are read at the start of a request and answered `ms` later. */
function slowServer(ms: number) {
  const server = { rows: ['notes.md'], reads: 0 };
  const queryFn = () => {
    server.reads++;
    const seen = [...server.rows];
    return new Promise<string[]>((resolve) => setTimeout(() => resolve(seen), ms));
  };
  return { server, queryFn };
}

async function settled(observer: Files): Promise<string[]> {
  for (;;) {
    const result = observer.getCurrentResult();
    if (result.status === 'success' && result.fetchStatus === 'idle') return result.data;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe('refetchNow', () => {
  it('shows a change that came while the first load was under way', async () => {
    client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const { server, queryFn } = slowServer(40);
    const observer = new QueryObserver(client, { queryKey: ['files', 'n1'], queryFn });
    const stop = observer.subscribe(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 10)); // the first read has happened
    server.rows.push('plan.txt');
    refetchNow(client, ['files']);
    expect(await settled(observer)).toEqual(['notes.md', 'plan.txt']);
    expect(server.reads).toBe(2);
    stop();
  });

  it('is needed: a plain invalidation joins the first load and keeps what it read', async () => {
    client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const { server, queryFn } = slowServer(40);
    const observer = new QueryObserver(client, { queryKey: ['files', 'n1'], queryFn });
    const stop = observer.subscribe(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 10));
    server.rows.push('plan.txt');
    void client.invalidateQueries({ queryKey: ['files'] });
    expect(await settled(observer)).toEqual(['notes.md']);
    stop();
  });

  it('refetches a list that has data, keeping it shown meanwhile', async () => {
    client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const { server, queryFn } = slowServer(20);
    const observer = new QueryObserver(client, { queryKey: ['files', 'n1'], queryFn });
    const stop = observer.subscribe(() => undefined);
    expect(await settled(observer)).toEqual(['notes.md']);
    server.rows.push('plan.txt');
    refetchNow(client, ['files']);
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(observer.getCurrentResult().data).toEqual(['notes.md']);
    expect(await settled(observer)).toEqual(['notes.md', 'plan.txt']);
    stop();
  });
});
