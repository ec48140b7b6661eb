// Pasted or dropped images: a placeholder goes into the text at once, the file uploads as an
// attachment, and the placeholder becomes the image's markdown (or goes, with a message saying
// why, when the upload fails).
import { useCallback, useState, type RefObject } from 'react';
import { describeError } from '../lib/errors/describe-error.ts';
import type { EditorHandle } from './editor/markdown-editor.tsx';
import { imageMarkdown, uploadingMarkdown, type NoteImageSupport } from './note-images.ts';

export function useImagePaste(
  images: NoteImageSupport | undefined,
  target: { notebookId: string; noteId: string },
  editor: RefObject<EditorHandle | null>,
  beforeUpload: () => Promise<void>,
) {
  const [uploading, setUploading] = useState<string[]>([]);
  const [failures, setFailures] = useState<string[]>([]);
  const { notebookId, noteId } = target;

  const onFiles = useCallback(
    (files: File[], at: number) => {
      if (!images) return;
      const placeholders = files.map((file) => uploadingMarkdown(file.name, crypto.randomUUID()));
      editor.current?.insertBlock(at, placeholders.join('\n'));
      files.forEach((file, i) => {
        const placeholder = placeholders[i]!;
        setUploading((list) => [...list, file.name]);
        beforeUpload()
          .then(() => images.upload({ notebookId, noteId }, file))
          .then(
            (path) => {
              editor.current?.replace(placeholder, imageMarkdown(file.name, path));
            },
            (error: unknown) => {
              editor.current?.replace(placeholder, '');
              setFailures((list) => [
                ...list,
                `“${file.name}” could not be added: ${describeError(error).message}`,
              ]);
            },
          )
          .finally(() =>
            setUploading((list) => {
              const at = list.indexOf(file.name);
              return at < 0 ? list : [...list.slice(0, at), ...list.slice(at + 1)];
            }),
          );
      });
    },
    [images, notebookId, noteId, editor, beforeUpload],
  );

  return {
    onFiles: images ? onFiles : undefined,
    uploading,
    failures,
    clearFailures: () => setFailures([]),
  };
}
