// The notes a notebook's list shows, in order: the person's pinned notes, then the rest (paged),
// both without notes waiting in the trash; with the tag filter applied to both.
import { useSignedIn } from '../lib/session/session-context.ts';
import { usePinnedNotesQuery } from './data/pins-query.ts';
import { useNotesInfiniteQuery } from './data/notes-infinite-query.ts';
import type { NoteListItem, NoteSort } from './data/types.ts';

export function useNotebookNotes(notebookId: string, sort: NoteSort, tag: string | null) {
  const { user } = useSignedIn();
  const pins = usePinnedNotesQuery(notebookId, user.id);
  const notes = useNotesInfiniteQuery(notebookId, sort, tag);
  const pinnedIds = new Set((pins.data ?? []).map((n) => n.id));
  const pinned: NoteListItem[] = (pins.data ?? [])
    .filter((n) => !tag || n.tags.includes(tag))
    .map((n) => ({ ...n, pinned: true }));
  const rest: NoteListItem[] = (notes.data?.pages.flat() ?? [])
    .filter((n) => !pinnedIds.has(n.id))
    .map((n) => ({ ...n, pinned: false }));
  return {
    pinned,
    rest,
    ordered: [...pinned, ...rest],
    isPending: notes.isPending || pins.isPending,
    error: notes.error ?? pins.error,
    refetch: () => Promise.all([notes.refetch(), pins.refetch()]),
    hasNextPage: notes.hasNextPage,
    isFetchingNextPage: notes.isFetchingNextPage,
    fetchNextPage: notes.fetchNextPage,
  };
}
