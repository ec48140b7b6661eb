// Notes as the app reads and writes them, derived from the generated database types.
import type { Tables } from '../../lib/database.types.ts';

import type { Role } from '../../lib/roles.ts';

export type { Role };

export type NoteSort = 'updated' | 'created' | 'title';

/** A note as the app reads it (its row without the search vector, excerpt and audit columns;
 * `deleted_at` is set while the note is in the trash; `body_too_large` while its shared text is
 * over the size limit, so that `body` is an earlier text). */
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
  | 'body_too_large'
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
  'id, notebook_id, author_id, title, body, tags, created_at, updated_at, deleted_at, body_too_large';
export { BODY_MAX_BYTES, TITLE_MAX } from '../../lib/text/note-limits.ts';
export const PAGE_SIZE = 50;
/** Notes stay in the trash this long (the database hides and purges them after). */
export const TRASH_DAYS = 30;
