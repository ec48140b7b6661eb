// What the note page needs to put images in a note: upload a pasted or dropped file as an
// attachment, and show an attachment inline. The app hands it in (the attachments feature
// implements it); without it, pasting an image does nothing special.
export interface NoteImageSupport {
  upload(target: { notebookId: string; noteId: string }, file: File): Promise<string>;
  url(path: string): Promise<string>;
}

/** The markdown for an attached image (its name as the description). */
export function imageMarkdown(name: string, path: string): string {
  const alt = name.replace(/[[\]\\]/g, '').trim() || 'image';
  return `![${alt}](attachment:${encodeURI(path)})`;
}

/** A placeholder shown while an image uploads, unique per upload. */
export function uploadingMarkdown(name: string, key: string): string {
  const alt = name.replace(/[[\]\\]/g, '').trim() || 'image';
  return `![Uploading ${alt}…](uploading:${key})`;
}
