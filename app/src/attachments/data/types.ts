// Attachments as the app shows them, and the limits explained before an upload.
export interface Attachment {
  id: string;
  note_id: string;
  notebook_id: string;
  path: string;
  file_name: string;
  size_bytes: number;
  mime_type: string | null;
  created_at: string;
  /** A short-lived signed URL for an image's thumbnail. */
  thumbnail_url: string | null;
}

export const BUCKET = 'attachments';
export const MAX_FILE_BYTES = 50 * 1024 * 1024;
/** Also enforced by the database (supabase/migrations/*_sheaf_attachment_limit.sql). */
export const MAX_FILES_PER_NOTE = 20;
export const MAX_FILES_AT_ONCE = 10;

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
