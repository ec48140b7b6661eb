// Moves a note to another notebook: move_note() moves the note with its history, links and
// attachment rows in one transaction (the caller must edit both notebooks), then each attached
// file is renamed into the new notebook's folder through the Storage API. Files that could not
// be renamed are named in the result (they stay readable in the old notebook only).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSupabase } from '../../lib/supabase.ts';
import { noteKeys } from './keys.ts';
import type { Note } from './types.ts';

export interface MoveNoteInput {
  noteId: string;
  from: string;
  to: string;
  /** Called once the note is in its new notebook, before its files are renamed. */
  onMoved?(): void;
}

export interface MoveNoteResult {
  notebookId: string;
  /** File names whose files stayed behind. */
  filesLeft: string[];
}

interface MovedFile {
  from: string;
  to: string;
}

function movedFiles(data: unknown): MovedFile[] {
  const files = (data as { files?: unknown } | null)?.files;
  if (!Array.isArray(files)) return [];
  return files.filter(
    (f): f is MovedFile =>
      typeof (f as MovedFile).from === 'string' && typeof (f as MovedFile).to === 'string',
  );
}

export function useMoveNoteMutation() {
  const supabase = useSupabase();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ noteId, to, onMoved }: MoveNoteInput): Promise<MoveNoteResult> => {
      const { data, error } = await supabase.rpc('move_note', { note: noteId, to_notebook: to });
      if (error) throw error;
      // The open note is in its new notebook at once (its page there shows it while lists
      // reload; the note's old page closes as the move arrives live).
      queryClient.setQueryData<Note>(noteKeys.detail(noteId), (note) =>
        note ? { ...note, notebook_id: to } : note,
      );
      onMoved?.();
      const filesLeft: string[] = [];
      for (const file of movedFiles(data)) {
        const moved = await supabase.storage.from('attachments').move(file.from, file.to);
        if (moved.error) filesLeft.push(file.to.split('/').slice(2).join('/'));
      }
      return { notebookId: to, filesLeft };
    },
    onSettled: (_result, _error, { noteId, from, to }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: noteKeys.notebook(from) }),
        queryClient.invalidateQueries({ queryKey: noteKeys.lists(from) }),
        queryClient.invalidateQueries({ queryKey: noteKeys.lists(to) }),
        queryClient.invalidateQueries({ queryKey: noteKeys.detail(noteId) }),
        queryClient.invalidateQueries({ queryKey: noteKeys.firstPage(from) }),
        queryClient.invalidateQueries({ queryKey: noteKeys.firstPage(to) }),
      ]),
  });
}
