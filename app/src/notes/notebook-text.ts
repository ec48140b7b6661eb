// The words of a notebook page that its first paint (app/build/early-page.ts) shows too, so the
// two cannot differ: the sort choices and the sentence under the name for each role.
import type { Role } from '../lib/roles.ts';
import type { NoteSort } from './data/types.ts';

export const SORTS: { value: NoteSort; label: string }[] = [
  { value: 'updated', label: 'Recently edited' },
  { value: 'created', label: 'Recently created' },
  { value: 'title', label: 'Title (A–Z)' },
];

export const ROLE_LEAD: Record<Role, string> = {
  viewer: 'You can read this notebook.',
  commenter: 'You can read and comment on the notes in this notebook.',
  editor: 'You can edit the notes in this notebook.',
  owner: 'You own this notebook.',
};

/** The mark of a note whose shared text is over the size limit (its excerpt is of an earlier text). */
export const OVER_LIMIT = 'Over the size limit';
