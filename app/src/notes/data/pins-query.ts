// The signed-in person's pinned notes in a notebook (pins are per person), most recently edited
// first; notes in the trash are left out.
import { useQuery } from '@tanstack/react-query';
import { useSupabase, type Supabase } from '../../lib/supabase.ts';
import { noteKeys } from './keys.ts';
import { LIST_COLUMNS, type ListRow } from './notes-infinite-query.ts';

export async function fetchPinnedNotes(
  supabase: Supabase,
  notebookId: string,
  userId: string,
): Promise<ListRow[]> {
  const { data, error } = await supabase
    .from('note_pins')
    .select(`note:notes!inner(${LIST_COLUMNS})`)
    .eq('notebook_id', notebookId)
    .eq('user_id', userId)
    .is('note.deleted_at', null)
    .limit(200);
  if (error) throw error;
  return (data as unknown as { note: ListRow }[])
    .map((row) => row.note)
    .sort((a, b) => b.updated_at.localeCompare(a.updated_at) || b.id.localeCompare(a.id));
}

export function pinnedNotesOptions(supabase: Supabase, notebookId: string, userId: string) {
  return {
    queryKey: noteKeys.pinned(notebookId),
    queryFn: () => fetchPinnedNotes(supabase, notebookId, userId),
  };
}

export function usePinnedNotesQuery(notebookId: string, userId: string) {
  const supabase = useSupabase();
  return useQuery({
    ...pinnedNotesOptions(supabase, notebookId, userId),
    refetchOnWindowFocus: 'always',
  });
}
