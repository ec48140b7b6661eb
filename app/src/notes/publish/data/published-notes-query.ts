// The notes of a notebook that are published (every member sees which; only editors and the
// owner see their links). Checked again when the window regains focus.
import { useQuery } from '@tanstack/react-query';
import { useRest } from '../../../lib/supabase.ts';
import { publishKeys } from './keys.ts';

export function usePublishedNotesQuery(notebookId: string) {
  const rest = useRest();
  return useQuery({
    queryKey: publishKeys.notebook(notebookId),
    enabled: notebookId !== '',
    refetchOnWindowFocus: 'always',
    queryFn: async (): Promise<string[]> => {
      const { data, error } = await rest
        .from('published_notes')
        .select('note_id')
        .eq('notebook_id', notebookId);
      if (error) throw error;
      return data.map((row) => row.note_id);
    },
  });
}
