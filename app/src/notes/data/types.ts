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
  pinned: boolean;
  created_at: string;
  updated_at: string;
}

/** A row of the notes list: the body is cut to a preview. */
export type NoteListItem = Omit<Note, 'body'> & { preview: string };

export interface NotebookInfo {
  id: string;
  name: string;
  role: Role;
}

export const NOTE_COLUMNS =
  'id, notebook_id, author_id, title, body, tags, pinned, created_at, updated_at';
export const TITLE_MAX = 200;
export const BODY_MAX_BYTES = 1_048_576;
export const PAGE_SIZE = 50;
