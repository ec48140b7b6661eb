// "Linked from": the notes that link to a note, among those the reader can read and that are not
// in the trash (the database's note_backlinks() decides). Refetched when the page regains focus
// and whenever the note's page shows it again.
import { useQuery } from '@tanstack/react-query';
import { useSupabase } from '../../lib/supabase.ts';
import { noteKeys } from './keys.ts';

export interface Backlink {
  id: string;
  notebook_id: string;
  notebook_name: string;
  title: string;
}

export const backlinksKey = (noteId: string) => [...noteKeys.all, 'backlinks', noteId] as const;

export function useBacklinksQuery(noteId: string) {
  const supabase = useSupabase();
  return useQuery({
    queryKey: backlinksKey(noteId),
    staleTime: 0,
    refetchOnWindowFocus: true,
    queryFn: async ({ signal }): Promise<Backlink[]> => {
      const { data, error } = await supabase
        .rpc('note_backlinks', { note: noteId })
        .select('id, notebook_id, notebook_name, title')
        .abortSignal(signal);
      if (error) throw error;
      return data;
    },
  });
}
