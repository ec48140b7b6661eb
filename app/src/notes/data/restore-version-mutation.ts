// Puts an earlier version back (the database keeps the current content as a version first).
// A note whose body is a shared document gets the version's text as an edit of the document
// (`liveBody`: everyone sees it arrive, nothing typed meanwhile is lost), then its title and
// tags; a note without one is restored by the database function in one step.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSupabase } from '../../lib/supabase.ts';
import { noteKeys } from './keys.ts';
import { NOTE_COLUMNS, type Note } from './types.ts';
import type { VersionContent } from './versions-query.ts';

export function useRestoreVersionMutation(
  noteId: string,
  liveBody?: (body: string) => Promise<void>,
) {
  const supabase = useSupabase();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (version: VersionContent): Promise<Note> => {
      if (liveBody) {
        await liveBody(version.body);
        const { data, error } = await supabase
          .from('notes')
          .update({ title: version.title, tags: version.tags })
          .eq('id', noteId)
          .select(NOTE_COLUMNS)
          .single();
        if (error) throw error;
        return data as Note;
      }
      const { data, error } = await supabase
        .rpc('restore_note_version', { version_id: version.id })
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
