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

/**
 * A server whose rows are read when a request starts and answered only when the test releases
 * the requests waiting (settled() does): the order of reads and answers never depends on timers.
 */
function gatedServer() {
  const server = { rows: ['notes.md'], reads: 0 };
  const waiting: (() => void)[] = [];
  const queryFn = () => {
    server.reads++;
    const seen = [...server.rows];
    return new Promise<string[]>((resolve) => waiting.push(() => resolve(seen)));
  };
  const release = () => waiting.splice(0).forEach((answer) => answer());
  return { server, queryFn, release };
}

const turn = () => new Promise((resolve) => setTimeout(resolve, 1));

/** Answers every request waiting until the list has loaded; returns what it shows. */
async function settled(observer: Files, release: () => void): Promise<string[]> {
  for (;;) {
    const result = observer.getCurrentResult();
    if (result.status === 'success' && result.fetchStatus === 'idle') return result.data;
    release();
    await turn();
  }
}

/** Waits until the server has been asked `reads` times. */
async function readsReach(server: { reads: number }, reads: number): Promise<void> {
  while (server.reads < reads) await turn();
}

describe('refetchNow', () => {
  it('shows a change that came while the first load was under way', async () => {
    client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const { server, queryFn, release } = gatedServer();
    const observer = new QueryObserver(client, { queryKey: ['files', 'n1'], queryFn });
    const stop = observer.subscribe(() => undefined);
    await readsReach(server, 1); // the first load has read the rows; its answer is on its way
    server.rows.push('plan.txt');
    refetchNow(client, ['files']);
    expect(await settled(observer, release)).toEqual(['notes.md', 'plan.txt']);
    expect(server.reads).toBe(2);
    stop();
  });

  it('is needed: a plain invalidation joins the first load and keeps what it read', async () => {
    client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const { server, queryFn, release } = gatedServer();
    const observer = new QueryObserver(client, { queryKey: ['files', 'n1'], queryFn });
    const stop = observer.subscribe(() => undefined);
    await readsReach(server, 1);
    server.rows.push('plan.txt');
    void client.invalidateQueries({ queryKey: ['files'] });
    expect(await settled(observer, release)).toEqual(['notes.md']);
    expect(server.reads).toBe(1);
    stop();
  });

  it('refetches a list that has data, keeping it shown meanwhile', async () => {
    client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const { server, queryFn, release } = gatedServer();
    const observer = new QueryObserver(client, { queryKey: ['files', 'n1'], queryFn });
    const stop = observer.subscribe(() => undefined);
    expect(await settled(observer, release)).toEqual(['notes.md']);
    server.rows.push('plan.txt');
    refetchNow(client, ['files']);
    await readsReach(server, 2);
    expect(observer.getCurrentResult().data).toEqual(['notes.md']);
    expect(await settled(observer, release)).toEqual(['notes.md', 'plan.txt']);
    stop();
  });
});
