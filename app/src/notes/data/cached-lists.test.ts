import { QueryClient, type InfiniteData } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { dropFromLists, rowsOf } from './cached-lists.ts';
import { noteKeys } from './keys.ts';

type Rows = { id: string; title: string }[];

function cacheWithLists() {
  const queryClient = new QueryClient();
  const pages: InfiniteData<Rows> = {
    pages: [
      [
        { id: 'a', title: 'A' },
        { id: 't', title: 'Temporary' },
      ],
      [{ id: 'b', title: 'B' }],
    ],
    pageParams: [null, 'cursor'],
  };
  queryClient.setQueryData(noteKeys.list('nb', 'updated', null), pages);
  queryClient.setQueryData(noteKeys.list('nb', 'title', 'birds'), pages);
  queryClient.setQueryData(noteKeys.pinned('nb'), [{ id: 't', title: 'Temporary' }]);
  queryClient.setQueryData([...noteKeys.recent, 8], [{ id: 't' }, { id: 'x' }]);
  queryClient.setQueryData(noteKeys.list('other', 'updated', null), [{ id: 't' }]);
  return queryClient;
}

describe('dropFromLists', () => {
  it('takes the note out of every list of its notebook and the recent notes', () => {
    const queryClient = cacheWithLists();
    dropFromLists(queryClient, { id: 't', notebook_id: 'nb' });
    const updated = queryClient.getQueryData<InfiniteData<Rows>>(
      noteKeys.list('nb', 'updated', null),
    );
    expect(updated?.pages).toEqual([[{ id: 'a', title: 'A' }], [{ id: 'b', title: 'B' }]]);
    expect(updated?.pageParams).toEqual([null, 'cursor']);
    expect(rowsOf(queryClient.getQueryData(noteKeys.list('nb', 'title', 'birds')))).toHaveLength(2);
    expect(queryClient.getQueryData(noteKeys.pinned('nb'))).toEqual([]);
    expect(queryClient.getQueryData([...noteKeys.recent, 8])).toEqual([{ id: 'x' }]);
  });

  it('leaves other notebooks, and lists without the note, as they were', () => {
    const queryClient = cacheWithLists();
    const before = queryClient.getQueryData(noteKeys.list('nb', 'updated', null));
    dropFromLists(queryClient, { id: 'missing', notebook_id: 'nb' });
    expect(queryClient.getQueryData(noteKeys.list('nb', 'updated', null))).toBe(before);
    dropFromLists(queryClient, { id: 't', notebook_id: 'nb' });
    expect(queryClient.getQueryData(noteKeys.list('other', 'updated', null))).toEqual([
      { id: 't' },
    ]);
  });
});
