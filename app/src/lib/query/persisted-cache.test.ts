import 'fake-indexeddb/auto';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import {
  BUILD,
  MAX_AGE_MS,
  forgetCache,
  persistQueryCache,
  readCache,
  shouldPersist,
  usable,
  writeCache,
} from './persisted-cache.ts';

function clientWith(entries: [unknown[], unknown][]): QueryClient {
  const client = new QueryClient();
  for (const [key, data] of entries) client.setQueryData(key, data);
  return client;
}

describe('the query cache kept on the device', () => {
  it('keeps lists and notes, not the session, search results, expiring links, comments or empty answers', () => {
    const client = clientWith([
      [['notebooks', 'list', 'u1'], [{ id: 'n1' }]],
      [['notes', 'detail', 'x'], { id: 'x' }],
      [['notes', 'detail', 'gone'], null],
      [['auth', 'user', 'u1'], { id: 'u1' }],
      [['mfa', 'factors', 'u1'], []],
      [['notes', 'search', 'pea'], []],
      [['attachments', 'url', 'a/b'], 'https://signed'],
      [['account', 'sessions', 'u1'], []],
      [['comments', 'threads', 'x'], [{ id: 't1', comments: [] }]],
    ]);
    const kept = client
      .getQueryCache()
      .getAll()
      .filter(shouldPersist)
      .map((q) => q.queryKey[0]);
    expect(kept.sort()).toEqual(['notebooks', 'notes']);
  });

  it('is shown only to the user it was kept for, while young enough', async () => {
    const entry = {
      userId: 'u1',
      build: BUILD,
      savedAt: Date.now(),
      state: { queries: [], mutations: [] },
    };
    expect(usable(entry, 'u1')).toBe(true);
    expect(usable(entry, 'u2')).toBe(false);
    expect(usable({ ...entry, build: 'another build' }, 'u1')).toBe(false);
    expect(usable(entry, 'u1', entry.savedAt + MAX_AGE_MS + 1)).toBe(false);
    expect(usable(undefined, 'u1')).toBe(false);
  });

  it('restores what one session kept into the next, and forgets it at sign-out', async () => {
    const first = clientWith([[['notebooks', 'list', 'u1'], [{ id: 'n1', name: 'Travel' }]]]);
    const kept = persistQueryCache(first, 'u1');
    await kept.restored;
    first.setQueryData(['notes', 'detail', 'x'], { id: 'x', title: 'Packing' });
    await new Promise((resolve) => setTimeout(resolve, 1200));
    kept.stop();
    expect((await readCache('u1'))?.state.queries.length).toBe(2);

    const next = new QueryClient();
    const restored = persistQueryCache(next, 'u1');
    await restored.restored;
    restored.stop();
    expect(next.getQueryData(['notes', 'detail', 'x'])).toEqual({ id: 'x', title: 'Packing' });

    const stranger = new QueryClient();
    const theirs = persistQueryCache(stranger, 'u2');
    await theirs.restored;
    theirs.stop();
    expect(stranger.getQueryCache().getAll()).toEqual([]);

    await forgetCache('u1');
    expect(await readCache('u1')).toBeUndefined();
  });

  it('never lets a kept copy replace fresher data', async () => {
    await writeCache({
      userId: 'u3',
      build: BUILD,
      savedAt: Date.now(),
      state: {
        mutations: [],
        queries: [
          {
            queryKey: ['notes', 'detail', 'y'],
            queryHash: '["notes","detail","y"]',
            dehydratedAt: Date.now(),
            state: {
              data: { title: 'old' },
              dataUpdateCount: 1,
              dataUpdatedAt: 1,
              error: null,
              errorUpdateCount: 0,
              errorUpdatedAt: 0,
              fetchFailureCount: 0,
              fetchFailureReason: null,
              fetchMeta: null,
              isInvalidated: false,
              status: 'success',
              fetchStatus: 'idle',
            },
          },
        ],
      },
    });
    const client = clientWith([[['notes', 'detail', 'y'], { title: 'new' }]]);
    const kept = persistQueryCache(client, 'u3');
    await kept.restored;
    kept.stop();
    expect(client.getQueryData(['notes', 'detail', 'y'])).toEqual({ title: 'new' });
  });

  it('restores a kept copy as old: shown until fetched, and fetched again when used', async () => {
    const first = clientWith([
      [
        ['notebook', 'members', 'n1'],
        ['ana', 'ben'],
      ],
    ]);
    const kept = persistQueryCache(first, 'u4');
    await kept.restored;
    first.setQueryData(['notebook', 'members', 'n1'], ['ana', 'ben', 'cleo']);
    await new Promise((resolve) => setTimeout(resolve, 1200));
    kept.stop();

    const next = new QueryClient({ defaultOptions: { queries: { staleTime: 30_000 } } });
    const restored = persistQueryCache(next, 'u4');
    await restored.restored;
    restored.stop();
    expect(next.getQueryData(['notebook', 'members', 'n1'])).toEqual(['ana', 'ben', 'cleo']);
    // Used by a page: asked for again although the app's stale time has not passed.
    let fetched = 0;
    const observed = await next.fetchQuery({
      queryKey: ['notebook', 'members', 'n1'],
      queryFn: () => {
        fetched += 1;
        return ['ana', 'cleo'];
      },
    });
    expect(fetched).toBe(1);
    expect(observed).toEqual(['ana', 'cleo']);
  });
});
