// The notes lists kept in the query cache: a notebook's pages (an infinite query), its pinned
// notes and the recent notes are all rows with an id. A note moved to the trash leaves them at
// once, so the page agrees with the sentence that says so before the lists are refetched.
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { noteKeys } from './keys.ts';

type Rows = { id: string }[];
export type CachedList = Rows | InfiniteData<Rows> | undefined;

/** Every row of a cached list, whichever shape it has. */
export function rowsOf(data: CachedList): Rows {
  if (!data) return [];
  return Array.isArray(data) ? data : data.pages.flat();
}

function without<T extends CachedList>(data: T, noteId: string): T {
  if (!data || !rowsOf(data).some((row) => row.id === noteId)) return data;
  if (Array.isArray(data)) return data.filter((row) => row.id !== noteId) as T;
  const pages = data.pages.map((rows) => rows.filter((row) => row.id !== noteId));
  return { ...data, pages } as T;
}

/** Takes a note out of its notebook's cached lists and the recent notes. */
export function dropFromLists(
  queryClient: QueryClient,
  note: { id: string; notebook_id: string },
): void {
  for (const queryKey of [noteKeys.lists(note.notebook_id), noteKeys.recent])
    queryClient.setQueriesData<CachedList>({ queryKey }, (data) => without(data, note.id));
}
