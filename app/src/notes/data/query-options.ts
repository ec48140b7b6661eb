// The queries a notebook page starts with, as plain query options (key + function), shared by
// the hooks that render them and by the route's prefetch — which runs before any page code has
// loaded, so this file imports no React and no hooks.
import type { QueryClient } from '@tanstack/react-query';
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
  'id, notebook_id, author_id, title, preview:excerpt, tags, created_at, updated_at, body_too_large';

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
    .limit(PINNED_LIMIT);
  if (error) throw error;
  return byLastEdit(data.map((row) => row.note));
}

/** Most recently edited first (then by id), as the pinned notes are shown. */
function byLastEdit(rows: ListRow[]): ListRow[] {
  return rows.sort((a, b) => b.updated_at.localeCompare(a.updated_at) || b.id.localeCompare(a.id));
}

/** What a notebook page opens with: the notebook and the person's role, their pinned notes and
 * the first page of notes (most recently edited first, no tag), read in one request. */
export interface FirstPage {
  notebook: NotebookInfo | null;
  pinned: ListRow[];
  list: ListRow[];
}

/** How many pinned notes a notebook shows at most. */
export const PINNED_LIMIT = 200;

/** The notebook's row with the person's membership (an inner join: no row when they are not a
 * member), the notes they pinned (an inner join on their own pins) and the first 50 notes — the
 * three queries below (notebookOptions, pinnedNotesOptions, the first page of notesListOptions)
 * as one request, for the page's first paint. */
export async function fetchFirstPage(
  supabase: Rest,
  notebookId: string,
  userId: string,
): Promise<FirstPage> {
  const { data, error } = await supabase
    .from('notebooks')
    .select(
      `id, name, me:notebook_members!inner(role), pins:notes!notes_notebook_id_fkey(${LIST_COLUMNS}, mine:note_pins!inner(user_id)), list:notes!notes_notebook_id_fkey(${LIST_COLUMNS})`,
    )
    .eq('id', notebookId)
    .eq('me.user_id', userId)
    .eq('pins.mine.user_id', userId)
    .is('pins.deleted_at', null)
    .is('list.deleted_at', null)
    .order(SORT_COLUMN.updated, { referencedTable: 'list', ascending: SORT_ASCENDING.updated })
    .order('id', { referencedTable: 'list', ascending: SORT_ASCENDING.updated })
    .limit(PAGE_SIZE, { referencedTable: 'list' })
    .limit(PINNED_LIMIT, { referencedTable: 'pins' })
    .maybeSingle();
  if (error) throw error;
  const row = data as unknown as {
    id: string;
    name: string;
    me: { role: string }[];
    pins: (ListRow & { mine?: unknown })[];
    list: ListRow[];
  } | null;
  if (!row || row.me.length === 0) return { notebook: null, pinned: [], list: [] };
  return {
    notebook: { id: row.id, name: row.name, role: roleOf(row.me[0]!.role) },
    pinned: byLastEdit(row.pins.map(({ mine: _mine, ...note }) => note)),
    list: row.list,
  };
}

/** The first-page request as a query: fetching it fills the three queries a notebook page
 * renders from (the notebook, the pins, the first page of the default list). */
export function firstPageOptions(
  queryClient: QueryClient,
  supabase: Rest,
  notebookId: string,
  userId: string,
) {
  return {
    queryKey: noteKeys.firstPage(notebookId),
    queryFn: async (): Promise<FirstPage> => {
      const page = await fetchFirstPage(supabase, notebookId, userId);
      queryClient.setQueryData(noteKeys.notebook(notebookId), page.notebook);
      queryClient.setQueryData(noteKeys.pinned(notebookId), page.pinned);
      queryClient.setQueryData(noteKeys.list(notebookId, 'updated', null), {
        pages: [page.list],
        pageParams: [null],
      });
      return page;
    },
  };
}

/** The person's pinned notes in a notebook (pins are per person), most recently edited first. */
export function pinnedNotesOptions(supabase: Rest, notebookId: string, userId: string) {
  return {
    queryKey: noteKeys.pinned(notebookId),
    queryFn: () => fetchPinnedNotes(supabase, notebookId, userId),
  };
}
