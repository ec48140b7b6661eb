// Notes as the app reads and writes them.
export type Role = 'owner' | 'editor' | 'viewer';
export type NoteSort = 'updated' | 'created' | 'title';

export interface Note {
  id: string;
  notebook_id: string;
  author_id: string | null;
  title: string;
  body: string;
  tags: string[];
  created_at: string;
  updated_at: string;
  /** Set while the note is in the trash. */
  deleted_at: string | null;
}

/** A row of the notes list: a plain-text excerpt instead of the body, and whether the signed-in
 * person pinned it (pins are per person). */
export type NoteListItem = Omit<Note, 'body' | 'deleted_at'> & { preview: string; pinned: boolean };

export interface NotebookInfo {
  id: string;
  name: string;
  role: Role;
}

export const NOTE_COLUMNS =
  'id, notebook_id, author_id, title, body, tags, created_at, updated_at, deleted_at';
export const TITLE_MAX = 200;
export const BODY_MAX_BYTES = 1_048_576;
export const PAGE_SIZE = 50;
/** Notes stay in the trash this long (the database hides and purges them after). */
export const TRASH_DAYS = 30;
