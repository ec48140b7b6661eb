// Starts a notebook page's first requests the moment navigation begins — in parallel with the
// page's code and with the session check — instead of after the page has rendered: the
// notebook, the person's pins and the first page of notes (one request that fills the queries
// the page uses, under their keys, so it finds them in the cache; a sorted or filtered list
// makes those queries itself). Only with a session in this browser; the
// REST client's small chunk loads alongside the session check. When index.html already started
// these requests for the session in the cookie (lib/early-requests.ts), their user is taken
// from there and the REST client answers with those responses. Resolves once the list's data is
// in the cache (prefetching never fails; a failed query is the page's to show). The build runs
// this function too, to learn which requests to start early (app/build/early-requests.ts).
import type { QueryClient } from '@tanstack/react-query';
import { earlyUserId } from '../../lib/early-requests.ts';
import type { Auth, Rest } from '../../lib/supabase.ts';
import {
  firstPageOptions,
  notebookOptions,
  noteOptions,
  notesListOptions,
  pinnedNotesOptions,
} from './query-options.ts';
import { SORTS } from '../notebook-text.ts';

/** What the prefetch needs of the Supabase handle. */
export interface PrefetchClients {
  auth: Pick<Auth, 'getSession'>;
  rest(): Promise<Rest>;
}

async function sessionUserId(auth: PrefetchClients['auth']): Promise<string | null> {
  return earlyUserId() ?? (await auth.getSession()).data.session?.user.id ?? null;
}

export async function prefetchNotebook(
  queryClient: QueryClient,
  handle: PrefetchClients,
  url: URL,
  params: { notebookId?: string; noteId?: string },
): Promise<void> {
  const { notebookId, noteId } = params;
  if (!notebookId) return;
  const [userId, rest] = await Promise.all([sessionUserId(handle.auth), handle.rest()]);
  if (!userId) return;
  const sortParam = url.searchParams.get('sort');
  const sort = SORTS.find((s) => s.value === sortParam)?.value ?? 'updated';
  const tag = url.searchParams.get('tag') || null;
  // The list as it opens by default comes with the notebook and the pins in one request; a
  // sorted or filtered one asks for its own page.
  const list =
    sort === 'updated' && !tag
      ? queryClient.prefetchQuery(firstPageOptions(queryClient, rest, notebookId, userId))
      : Promise.all([
          queryClient.prefetchQuery(notebookOptions(rest, notebookId, userId)),
          queryClient.prefetchQuery(pinnedNotesOptions(rest, notebookId, userId)),
          queryClient.prefetchInfiniteQuery(notesListOptions(rest, notebookId, sort, tag)),
        ]);
  // The open note is not waited for: the promise settles with the list's three queries.
  if (noteId) void queryClient.prefetchQuery(noteOptions(rest, noteId));
  await list;
}
