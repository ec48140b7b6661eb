// The unpinned notes of a notebook, 50 a page by keyset (no offsets), in the chosen order and
// optionally only those with a tag. Pinned notes come from pinned-notes-query.ts.
import { useInfiniteQuery } from '@tanstack/react-query';
import { useSupabase, type Supabase } from '../../lib/supabase.ts';
import { plainText } from '../markdown/plain-text.ts';
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
  'id, notebook_id, author_id, title, preview:body, tags, pinned, created_at, updated_at';

export function toListItem(row: NoteListItem): NoteListItem {
  return { ...row, preview: plainText(row.preview) };
}

async function fetchPage(
  supabase: Supabase,
  notebookId: string,
  sort: NoteSort,
  tag: string | null,
  cursor: Cursor | null,
): Promise<NoteListItem[]> {
  let query = supabase
    .from('notes')
    .select(LIST_COLUMNS)
    .eq('notebook_id', notebookId)
    .eq('pinned', false);
  if (tag) query = query.filter('tags', 'cs', `{${quote(tag)}}`);
  if (cursor) query = query.or(afterFilter(sort, cursor));
  const { data, error } = await query
    .order(SORT_COLUMN[sort], { ascending: SORT_ASCENDING[sort] })
    .order('id', { ascending: SORT_ASCENDING[sort] })
    .limit(PAGE_SIZE);
  if (error) throw error;
  return (data as unknown as NoteListItem[]).map(toListItem);
}

export function useNotesInfiniteQuery(notebookId: string, sort: NoteSort, tag: string | null) {
  const supabase = useSupabase();
  return useInfiniteQuery({
    queryKey: noteKeys.list(notebookId, sort, tag),
    initialPageParam: null as Cursor | null,
    queryFn: ({ pageParam }) => fetchPage(supabase, notebookId, sort, tag, pageParam),
    getNextPageParam: (last) =>
      last.length < PAGE_SIZE ? undefined : cursorOf(sort, last[last.length - 1]!),
    refetchOnWindowFocus: 'always',
  });
}
