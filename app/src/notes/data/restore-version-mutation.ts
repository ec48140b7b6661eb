// Puts an earlier version back. Either way the note's current state is kept in history first, as
// a version of its own, and the restore starts a session marked "restored from" that version.
// A note whose text is a shared document gets the version through the document (`liveRestore`:
// everyone sees it arrive, nothing typed meanwhile is lost), between two database steps —
// close_note_session before (the current state stays a version), mark_note_restored after. A
// note without one is restored by restore_note_version in one transaction.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSupabase } from '../../lib/supabase.ts';
import { noteKeys } from './keys.ts';
import { NOTE_COLUMNS, type Note } from './types.ts';
import type { VersionContent } from './versions-query.ts';

/** A version's content as the shared document takes it. */
export interface RestoredContent {
  title: string;
  body: string;
  tags: string[];
}

export type LiveRestore = (version: RestoredContent) => Promise<void>;

export function useRestoreVersionMutation(noteId: string, liveRestore?: LiveRestore) {
  const supabase = useSupabase();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (version: VersionContent): Promise<Note> => {
      if (liveRestore) {
        const kept = await supabase.rpc('close_note_session', { note: noteId });
        if (kept.error) throw kept.error;
        await liveRestore({ title: version.title, body: version.body, tags: version.tags });
        const { data, error } = await supabase
          .rpc('mark_note_restored', { version_id: version.id, kept: kept.data ?? 0 })
          .select(NOTE_COLUMNS)
          .single();
        if (error) throw error;
        return data;
      }
      const { data, error } = await supabase
        .rpc('restore_note_version', { version_id: version.id })
        .select(NOTE_COLUMNS)
        .single();
      if (error) throw error;
      return data;
    },
    onSettled: (note) => {
      void queryClient.invalidateQueries({ queryKey: noteKeys.versions(noteId) });
      if (note) {
        queryClient.setQueryData(noteKeys.detail(noteId), note);
        void queryClient.invalidateQueries({ queryKey: noteKeys.lists(note.notebook_id) });
      }
    },
  });
}
