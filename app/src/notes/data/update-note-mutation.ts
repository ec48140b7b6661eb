// Saves a note's fields (title, body, tags). A missing row after the update means the note is
// gone, in the trash past its time, or the user may not write it.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSupabase } from '../../lib/supabase.ts';
import { noteKeys } from './keys.ts';
import { NOTE_COLUMNS, type Note } from './types.ts';

export type NotePatch = Partial<Pick<Note, 'title' | 'body' | 'tags'>>;

export function useUpdateNoteMutation(noteId: string) {
  const supabase = useSupabase();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (patch: NotePatch): Promise<Note> => {
      const { data, error } = await supabase
        .from('notes')
        .update(patch)
        .eq('id', noteId)
        .select(NOTE_COLUMNS)
        .maybeSingle();
      if (error) throw error;
      if (!data) throw { code: '42501' };
      return data;
    },
    onSuccess: (note) => {
      queryClient.setQueryData(noteKeys.detail(note.id), note);
      void queryClient.invalidateQueries({ queryKey: noteKeys.lists(note.notebook_id) });
      void queryClient.invalidateQueries({ queryKey: noteKeys.versions(note.id) });
    },
  });
}
