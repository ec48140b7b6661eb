// Starts a notebook page's first requests the moment navigation begins — in parallel with the
// page's code and with the session check — instead of after the page has rendered: the
// notebook, the person's pins and the first page of notes (the same queries, keys and options
// the page uses, so it finds them in the cache). Only with a session in this browser; the
// REST client's small chunk loads alongside the session check.
import type { QueryClient } from '@tanstack/react-query';
import type { SupabaseHandle } from '../../lib/supabase.ts';
import {
  notebookOptions,
  noteOptions,
  notesListOptions,
  pinnedNotesOptions,
} from './query-options.ts';
import type { NoteSort } from './types.ts';

const SORTS: NoteSort[] = ['updated', 'created', 'title'];

export async function prefetchNotebook(
  queryClient: QueryClient,
  handle: SupabaseHandle,
  url: URL,
  params: { notebookId?: string; noteId?: string },
): Promise<void> {
  const { notebookId, noteId } = params;
  if (!notebookId) return;
  const [{ data }, rest] = await Promise.all([handle.auth.getSession(), handle.rest()]);
  const userId = data.session?.user.id;
  if (!userId) return;
  const sortParam = url.searchParams.get('sort') as NoteSort | null;
  const sort = sortParam && SORTS.includes(sortParam) ? sortParam : 'updated';
  const tag = url.searchParams.get('tag') || null;
  void queryClient.prefetchQuery(notebookOptions(rest, notebookId, userId));
  void queryClient.prefetchQuery(pinnedNotesOptions(rest, notebookId, userId));
  void queryClient.prefetchInfiniteQuery(notesListOptions(rest, notebookId, sort, tag));
  if (noteId) void queryClient.prefetchQuery(noteOptions(rest, noteId));
}
