// The notes of a notebook (not in the trash), 50 a page by keyset (no offsets), in the chosen
// order and optionally only those with a tag. Rows carry the plain-text excerpt the database
// keeps, never the whole body. Pinned notes are shown from pins-query.ts; the list leaves them
// out when it renders (so the keyset still follows the rows as fetched).
import { useInfiniteQuery } from '@tanstack/react-query';
import { useSupabase, type Supabase } from '../../lib/supabase.ts';
import {
  afterFilter,
  cursorOf,
  quote,
  SORT_ASCENDING,
  SORT_COLUMN,
  type Cursor,
} from './keyset.ts';
import { noteKeys } from './keys.ts';
import { PAGE_SIZE, type NoteListItem, type NoteSort } from './types.ts';

export const LIST_COLUMNS =
  'id, notebook_id, author_id, title, preview:excerpt, tags, created_at, updated_at';

export type ListRow = Omit<NoteListItem, 'pinned'>;

export async function fetchNotesPage(
  supabase: Supabase,
  notebookId: string,
  sort: NoteSort,
  tag: string | null,
  cursor: Cursor | null,
): Promise<ListRow[]> {
  let query = supabase
    .from('notes')
    .select(LIST_COLUMNS)
    .eq('notebook_id', notebookId)
    .is('deleted_at', null);
  if (tag) query = query.filter('tags', 'cs', `{${quote(tag)}}`);
  if (cursor) query = query.or(afterFilter(sort, cursor));
  const { data, error } = await query
    .order(SORT_COLUMN[sort], { ascending: SORT_ASCENDING[sort] })
    .order('id', { ascending: SORT_ASCENDING[sort] })
    .limit(PAGE_SIZE);
  if (error) throw error;
  return data as unknown as ListRow[];
}

export function notesListOptions(
  supabase: Supabase,
  notebookId: string,
  sort: NoteSort,
  tag: string | null,
) {
  return {
    queryKey: noteKeys.list(notebookId, sort, tag),
    initialPageParam: null as Cursor | null,
    queryFn: ({ pageParam }: { pageParam: Cursor | null }) =>
      fetchNotesPage(supabase, notebookId, sort, tag, pageParam),
    getNextPageParam: (last: ListRow[]) =>
      last.length < PAGE_SIZE ? undefined : cursorOf(sort, last[last.length - 1]!),
  };
}

export function useNotesInfiniteQuery(notebookId: string, sort: NoteSort, tag: string | null) {
  const supabase = useSupabase();
  return useInfiniteQuery({
    ...notesListOptions(supabase, notebookId, sort, tag),
    refetchOnWindowFocus: 'always',
  });
}
