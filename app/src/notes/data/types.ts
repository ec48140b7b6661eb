// Notes as the app reads and writes them, derived from the generated database types.
import type { Tables } from '../../lib/database.types.ts';

import type { Role } from '../../lib/roles.ts';

export type { Role };

export type NoteSort = 'updated' | 'created' | 'title';

/** A note as the app reads it (its row without the search vector, excerpt and audit columns;
 * `deleted_at` is set while the note is in the trash). */
export type Note = Pick<
  Tables<'notes'>,
  | 'id'
  | 'notebook_id'
  | 'author_id'
  | 'title'
  | 'body'
  | 'tags'
  | 'created_at'
  | 'updated_at'
  | 'deleted_at'
>;

/** A row of the notes list: a plain-text excerpt instead of the body, and whether the signed-in
 * person pinned it (pins are per person). */
export type NoteListItem = Omit<Note, 'body' | 'deleted_at'> & {
  preview: Tables<'notes'>['excerpt'];
  pinned: boolean;
};

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
