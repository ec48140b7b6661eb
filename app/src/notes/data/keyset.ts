// Keyset pagination for the notes list: the order of each sort and the PostgREST `or` filter
// that continues after the last row of a page (values double-quoted, so titles with commas,
// parentheses or quotes are safe).
import type { NoteListItem, NoteSort } from './types.ts';

type Row = Pick<NoteListItem, 'id' | 'title' | 'created_at' | 'updated_at'>;

export interface Cursor {
  value: string;
  id: string;
}

export const SORT_COLUMN: Record<NoteSort, 'updated_at' | 'created_at' | 'title'> = {
  updated: 'updated_at',
  created: 'created_at',
  title: 'title',
};

export const SORT_ASCENDING: Record<NoteSort, boolean> = {
  updated: false,
  created: false,
  title: true,
};

/** A value quoted for a PostgREST filter list. */
export function quote(value: string): string {
  return `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}

export function cursorOf(sort: NoteSort, row: Row): Cursor {
  return { value: row[SORT_COLUMN[sort]], id: row.id };
}

/** The `or=(…)` filter for rows after `cursor` in `sort` order. */
export function afterFilter(sort: NoteSort, cursor: Cursor): string {
  const column = SORT_COLUMN[sort];
  const op = SORT_ASCENDING[sort] ? 'gt' : 'lt';
  const v = quote(cursor.value);
  return `${column}.${op}.${v},and(${column}.eq.${v},id.${op}.${cursor.id})`;
}
