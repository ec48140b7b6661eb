// The pinned notes of a notebook (shown above the list, most recently updated first).
import { useQuery } from '@tanstack/react-query';
import { useSupabase } from '../../lib/supabase.ts';
import { noteKeys } from './keys.ts';
import { LIST_COLUMNS, toListItem } from './notes-infinite-query.ts';
import type { NoteListItem } from './types.ts';

export function usePinnedNotesQuery(notebookId: string) {
  const supabase = useSupabase();
  return useQuery({
    queryKey: noteKeys.pinned(notebookId),
    refetchOnWindowFocus: 'always',
    queryFn: async () => {
      const { data, error } = await supabase
        .from('notes')
        .select(LIST_COLUMNS)
        .eq('notebook_id', notebookId)
        .eq('pinned', true)
        .order('updated_at', { ascending: false })
        .order('id', { ascending: false })
        .limit(100);
      if (error) throw error;
      return (data as unknown as NoteListItem[]).map(toListItem);
    },
  });
}
