// Images pasted or dropped into a note's text: each is checked against the attachment limits,
// uploaded as an attachment of the note (so it is listed, downloadable and removed with the
// note), and shown inline through a short-lived signed URL. Handed to the note page by the app.
import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useSupabase } from '../lib/supabase.ts';
import { attachmentKeys } from './data/keys.ts';
import { BUCKET, formatBytes, MAX_FILE_BYTES } from './data/types.ts';
import { uploadAttachment } from './data/upload-attachment.ts';

export interface NoteImages {
  /** Uploads an image into the note; resolves with its storage path. */
  upload(target: { notebookId: string; noteId: string }, file: File): Promise<string>;
  /** A displayable URL for an attachment path (valid for an hour). */
  url(path: string): Promise<string>;
}

export function useNoteImages(): NoteImages {
  const supabase = useSupabase();
  const queryClient = useQueryClient();
  return useMemo(
    () => ({
      async upload(target, file) {
        if (file.size > MAX_FILE_BYTES)
          throw new Error(
            `“${file.name}” is ${formatBytes(file.size)}; files can be at most 50 MB.`,
          );
        try {
          return await uploadAttachment(supabase, target, file, () => undefined).done;
        } finally {
          void queryClient.invalidateQueries({ queryKey: attachmentKeys.note(target.noteId) });
        }
      },
      async url(path) {
        const { data, error } = await supabase.storage.from(BUCKET).createSignedUrl(path, 3600);
        if (error) throw error;
        return data.signedUrl;
      },
    }),
    [supabase, queryClient],
  );
}
