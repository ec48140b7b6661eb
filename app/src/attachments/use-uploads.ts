// The uploads in progress for a note: each file checked against the limits first, then uploaded
// with its own progress and cancel; finished ones refresh the list.
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { describeError } from '../lib/errors/describe-error.ts';
import { useSupabase } from '../lib/supabase.ts';
import { attachmentKeys } from './data/keys.ts';
import {
  formatBytes,
  MAX_FILE_BYTES,
  MAX_FILES_AT_ONCE,
  MAX_FILES_PER_NOTE,
} from './data/types.ts';
import { uploadAttachment, type UploadHandle } from './data/upload-attachment.ts';

export interface Upload {
  key: string;
  name: string;
  size: number;
  progress: number;
  state: 'uploading' | 'failed' | 'cancelled';
  error: string | null;
}

export function useUploads(notebookId: string, noteId: string, existing: number) {
  const supabase = useSupabase();
  const queryClient = useQueryClient();
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [notice, setNotice] = useState<string | null>(null);
  const handles = useRef(new Map<string, UploadHandle>());

  const patch = useCallback((key: string, change: Partial<Upload>) => {
    setUploads((list) => list.map((u) => (u.key === key ? { ...u, ...change } : u)));
  }, []);

  const start = useCallback(
    (files: File[]) => {
      const active = uploads.filter((u) => u.state === 'uploading').length;
      const room = Math.min(MAX_FILES_AT_ONCE, MAX_FILES_PER_NOTE - existing - active);
      const refused: string[] = [];
      if (files.length > room)
        refused.push(
          `${files.length - Math.max(room, 0)} file(s) were not added: a note holds at most ${MAX_FILES_PER_NOTE} files, ${MAX_FILES_AT_ONCE} at a time.`,
        );
      const accepted = files.slice(0, Math.max(room, 0)).filter((file) => {
        if (file.size <= MAX_FILE_BYTES) return true;
        refused.push(`“${file.name}” is ${formatBytes(file.size)}; files can be at most 50 MB.`);
        return false;
      });
      setNotice(refused.length > 0 ? refused.join(' ') : null);
      for (const file of accepted) {
        const key = crypto.randomUUID();
        setUploads((list) => [
          ...list,
          { key, name: file.name, size: file.size, progress: 0, state: 'uploading', error: null },
        ]);
        const handle = uploadAttachment(supabase, { notebookId, noteId }, file, (p) =>
          patch(key, { progress: p }),
        );
        handles.current.set(key, handle);
        handle.done.then(
          () => {
            handles.current.delete(key);
            setUploads((list) => list.filter((u) => u.key !== key));
            void queryClient.invalidateQueries({ queryKey: attachmentKeys.note(noteId) });
          },
          (error: unknown) => {
            handles.current.delete(key);
            const cancelled = (error as { code?: string })?.code === 'upload_cancelled';
            patch(key, {
              state: cancelled ? 'cancelled' : 'failed',
              error: cancelled ? null : describeError(error).message,
            });
          },
        );
      }
    },
    [uploads, existing, supabase, notebookId, noteId, patch, queryClient],
  );

  const cancel = useCallback((key: string) => handles.current.get(key)?.cancel(), []);
  const dismiss = useCallback(
    (key: string) => setUploads((list) => list.filter((u) => u.key !== key)),
    [],
  );

  return { uploads, notice, start, cancel, dismiss };
}
