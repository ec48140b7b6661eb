// Creates an empty note in a notebook (editors and the owner).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSupabase } from '../../lib/supabase.ts';
import { noteKeys } from './keys.ts';
import { NOTE_COLUMNS, type Note } from './types.ts';

export function useCreateNoteMutation(notebookId: string) {
  const supabase = useSupabase();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (): Promise<Note> => {
      const { data, error } = await supabase
        .from('notes')
        .insert({ notebook_id: notebookId, title: '', body: '' })
        .select(NOTE_COLUMNS)
        .single();
      if (error) throw error;
      return data as Note;
    },
    onSuccess: (note) => {
      queryClient.setQueryData(noteKeys.detail(note.id), note);
      void queryClient.invalidateQueries({ queryKey: noteKeys.lists(notebookId) });
    },
  });
}
