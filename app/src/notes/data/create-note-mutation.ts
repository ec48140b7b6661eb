// Creates a note with the id the page already uses (a new note exists only once something is
// written in it, so "New note" then Back leaves nothing behind).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSupabase } from '../../lib/supabase.ts';
import { noteKeys } from './keys.ts';
import { NOTE_COLUMNS, type Note } from './types.ts';

export interface NewNote {
  id: string;
  notebook_id: string;
  title: string;
  body: string;
  tags: string[];
}

export function useCreateNoteMutation() {
  const supabase = useSupabase();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (note: NewNote): Promise<Note> => {
      const { data, error } = await supabase
        .from('notes')
        .insert(note)
        .select(NOTE_COLUMNS)
        .single();
      if (error) throw error;
      return data;
    },
    onSuccess: (note) => {
      queryClient.setQueryData(noteKeys.detail(note.id), note);
      void queryClient.invalidateQueries({ queryKey: noteKeys.lists(note.notebook_id) });
      void queryClient.invalidateQueries({ queryKey: ['notebooks'] });
    },
  });
}
