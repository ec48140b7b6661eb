// The notes of a notebook, paged by keyset (see query-options.ts); pinned notes come from
// pins-query.ts and the list leaves them out when it renders (the keyset follows the rows as
// fetched).
import { useInfiniteQuery } from '@tanstack/react-query';
import { useRest } from '../../lib/supabase.ts';
import { notesListOptions } from './query-options.ts';
import type { NoteSort } from './types.ts';

export { LIST_COLUMNS, type ListRow } from './query-options.ts';

export function useNotesInfiniteQuery(notebookId: string, sort: NoteSort, tag: string | null) {
  const supabase = useRest();
  return useInfiniteQuery({
    ...notesListOptions(supabase, notebookId, sort, tag),
    refetchOnWindowFocus: 'always',
  });
}
