// Puts an earlier version back (the database keeps the current content as a version first).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSupabase } from '../../lib/supabase.ts';
import { noteKeys } from './keys.ts';
import { NOTE_COLUMNS, type Note } from './types.ts';

export function useRestoreVersionMutation(noteId: string) {
  const supabase = useSupabase();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (versionId: number): Promise<Note> => {
      const { data, error } = await supabase
        .rpc('restore_note_version', { version_id: versionId })
        .select(NOTE_COLUMNS)
        .single();
      if (error) throw error;
      return data;
    },
    onSuccess: (note) => {
      queryClient.setQueryData(noteKeys.detail(noteId), note);
      void queryClient.invalidateQueries({ queryKey: noteKeys.versions(noteId) });
      void queryClient.invalidateQueries({ queryKey: noteKeys.lists(note.notebook_id) });
    },
  });
}
