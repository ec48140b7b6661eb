// The queries a notebook page starts with, as plain query options (key + function), shared by
// the hooks that render them and by the route's prefetch — which runs before any page code has
// loaded, so this file imports no React and no hooks.
import { roleOf } from '../../lib/roles.ts';
import type { Rest } from '../../lib/supabase.ts';
import {
  afterFilter,
  cursorOf,
  quote,
  SORT_ASCENDING,
  SORT_COLUMN,
  type Cursor,
} from './keyset.ts';
import { noteKeys } from './keys.ts';
import {
  NOTE_COLUMNS,
  PAGE_SIZE,
  type NotebookInfo,
  type Note,
  type NoteListItem,
  type NoteSort,
} from './types.ts';

export const LIST_COLUMNS =
  'id, notebook_id, author_id, title, preview:excerpt, tags, created_at, updated_at';

/** A row of the notes list before the person's pins are known. */
export type ListRow = Omit<NoteListItem, 'pinned'>;

/** The notebook a notes page shows: its name and the user's role; null when not a member. */
export function notebookOptions(supabase: Rest, notebookId: string, userId: string) {
  return {
    queryKey: noteKeys.notebook(notebookId),
    queryFn: async (): Promise<NotebookInfo | null> => {
      const { data, error } = await supabase
        .from('notebook_members')
        .select('role, notebooks(id, name)')
        .eq('notebook_id', notebookId)
        .eq('user_id', userId)
        .maybeSingle();
      if (error) throw error;
      if (!data?.notebooks) return null;
      return { id: data.notebooks.id, name: data.notebooks.name, role: roleOf(data.role) };
    },
  };
}

/** One note; null when it does not exist or the user can no longer read it. */
export function noteOptions(supabase: Rest, noteId: string) {
  return {
    queryKey: noteKeys.detail(noteId),
    queryFn: async (): Promise<Note | null> => {
      const { data, error } = await supabase
        .from('notes')
        .select(NOTE_COLUMNS)
        .eq('id', noteId)
        .maybeSingle();
      if (error) throw error;
      return data;
    },
  };
}

export async function fetchNotesPage(
  supabase: Rest,
  notebookId: string,
  sort: NoteSort,
  tag: string | null,
  cursor: Cursor | null,
): Promise<ListRow[]> {
  let query = supabase
    .from('notes')
    .select(LIST_COLUMNS)
    .eq('notebook_id', notebookId)
    .is('deleted_at', null);
  if (tag) query = query.filter('tags', 'cs', `{${quote(tag)}}`);
  if (cursor) query = query.or(afterFilter(sort, cursor));
  const { data, error } = await query
    .order(SORT_COLUMN[sort], { ascending: SORT_ASCENDING[sort] })
    .order('id', { ascending: SORT_ASCENDING[sort] })
    .limit(PAGE_SIZE);
  if (error) throw error;
  return data;
}

/** The notes of a notebook (not in the trash), 50 a page by keyset. */
export function notesListOptions(
  supabase: Rest,
  notebookId: string,
  sort: NoteSort,
  tag: string | null,
) {
  return {
    queryKey: noteKeys.list(notebookId, sort, tag),
    initialPageParam: null as Cursor | null,
    queryFn: ({ pageParam }: { pageParam: Cursor | null }) =>
      fetchNotesPage(supabase, notebookId, sort, tag, pageParam),
    getNextPageParam: (last: ListRow[]) =>
      last.length < PAGE_SIZE ? undefined : cursorOf(sort, last[last.length - 1]!),
  };
}

export async function fetchPinnedNotes(
  supabase: Rest,
  notebookId: string,
  userId: string,
): Promise<ListRow[]> {
  const { data, error } = await supabase
    .from('note_pins')
    .select(`note:notes!inner(${LIST_COLUMNS})`)
    .eq('notebook_id', notebookId)
    .eq('user_id', userId)
    .is('note.deleted_at', null)
    .limit(200);
  if (error) throw error;
  return data
    .map((row) => row.note)
    .sort((a, b) => b.updated_at.localeCompare(a.updated_at) || b.id.localeCompare(a.id));
}

/** The person's pinned notes in a notebook (pins are per person), most recently edited first. */
export function pinnedNotesOptions(supabase: Rest, notebookId: string, userId: string) {
  return {
    queryKey: noteKeys.pinned(notebookId),
    queryFn: () => fetchPinnedNotes(supabase, notebookId, userId),
  };
}
