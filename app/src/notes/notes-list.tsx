// The notes of a notebook: pinned ones first, then the rest 50 at a time, loading the next page
// when the end of the list scrolls into view (or "Load more" is pressed).
import { describeError } from '../lib/errors/describe-error.ts';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { PageLoading } from '../ui/page-loading.tsx';
import { usePendingDeletes } from './data/delete-note.ts';
import { useNotesInfiniteQuery } from './data/notes-infinite-query.ts';
import { usePinnedNotesQuery } from './data/pinned-notes-query.ts';
import type { NoteSort } from './data/types.ts';
import { LoadMoreSentinel } from './load-more-sentinel.tsx';
import { NoteListItem } from './note-list-item.tsx';

interface Props {
  notebookId: string;
  sort: NoteSort;
  tag: string | null;
  tagHref(tag: string): string;
}

export function NotesList({ notebookId, sort, tag, tagHref }: Props) {
  const pinned = usePinnedNotesQuery(notebookId);
  const notes = useNotesInfiniteQuery(notebookId, sort, tag);
  const hidden = new Set(usePendingDeletes().map((p) => p.id));
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = notes;

  if (notes.isPending || pinned.isPending) return <PageLoading label="Loading notes…" />;
  const error = notes.error ?? pinned.error;
  if (error)
    return (
      <Alert tone="error">
        {describeError(error).message}{' '}
        <Button variant="secondary" onClick={() => void notes.refetch()}>
          Try again
        </Button>
      </Alert>
    );

  const pinnedRows = (pinned.data ?? []).filter(
    (n) => !hidden.has(n.id) && (!tag || n.tags.includes(tag)),
  );
  const rows = (notes.data?.pages.flat() ?? []).filter((n) => !hidden.has(n.id));
  if (pinnedRows.length === 0 && rows.length === 0)
    return (
      <p className="empty">
        {tag ? `No notes tagged “${tag}”.` : 'No notes yet. Create the first one.'}
      </p>
    );

  return (
    <>
      {pinnedRows.length > 0 ? (
        <section aria-label="Pinned notes">
          <h2 className="section-label">Pinned</h2>
          <ul className="note-list">
            {pinnedRows.map((note) => (
              <NoteListItem key={note.id} note={note} tagHref={tagHref} />
            ))}
          </ul>
        </section>
      ) : null}
      {rows.length > 0 || hasNextPage ? (
        <section aria-label="Notes">
          {pinnedRows.length > 0 && rows.length > 0 ? (
            <h2 className="section-label">Notes</h2>
          ) : null}
          <ul className="note-list">
            {rows.map((note) => (
              <NoteListItem key={note.id} note={note} tagHref={tagHref} />
            ))}
          </ul>
          {hasNextPage ? (
            <LoadMoreSentinel
              key={rows.length}
              onVisible={() => {
                if (!isFetchingNextPage) void fetchNextPage();
              }}
            />
          ) : null}
          {hasNextPage ? (
            <Button
              variant="secondary"
              pending={isFetchingNextPage}
              onClick={() => void fetchNextPage()}
            >
              Load more notes
            </Button>
          ) : null}
        </section>
      ) : null}
    </>
  );
}
