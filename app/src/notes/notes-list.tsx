// The notes of a notebook: the person's pinned ones first, then the rest 50 at a time, loading
// the next page when the end of the list scrolls into view (or "Load more" is pressed).
import { describeError } from '../lib/errors/describe-error.ts';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { PageLoading } from '../ui/page-loading.tsx';
import { useLinkNavigate } from '../ui/use-link-navigate.ts';
import { LoadMoreSentinel } from './load-more-sentinel.tsx';
import { NoteListItem } from './note-list-item.tsx';
import type { useNotebookNotes } from './use-notebook-notes.ts';

interface Props {
  notes: ReturnType<typeof useNotebookNotes>;
  tag: string | null;
  selectedId: string | null;
  /** The ids of the notebook's published notes (marked in the list). */
  published?: readonly string[];
  tagHref(tag: string): string;
}

export function NotesList({ notes, tag, selectedId, published = [], tagHref }: Props) {
  const { pinned, rest, hasNextPage, isFetchingNextPage, fetchNextPage } = notes;
  const onNavigate = useLinkNavigate();
  if (notes.isPending) return <PageLoading label="Loading notes…" />;
  if (notes.error)
    return (
      <Alert tone="error">
        {describeError(notes.error).message}{' '}
        <Button variant="secondary" onClick={() => void notes.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  if (pinned.length === 0 && rest.length === 0 && !hasNextPage)
    return (
      <p className="empty">
        {tag ? `No notes tagged “${tag}”.` : 'No notes yet. Create the first one.'}
      </p>
    );

  return (
    <>
      {pinned.length > 0 ? (
        <section aria-label="Pinned notes">
          <h2 className="section-label">Pinned</h2>
          <ul className="note-list">
            {pinned.map((note) => (
              <NoteListItem
                key={note.id}
                note={note}
                selected={note.id === selectedId}
                published={published.includes(note.id)}
                tagHref={tagHref}
                onNavigate={onNavigate}
              />
            ))}
          </ul>
        </section>
      ) : null}
      {rest.length > 0 || hasNextPage ? (
        <section aria-label="Notes">
          {pinned.length > 0 ? <h2 className="section-label">Notes</h2> : null}
          <ul className="note-list">
            {rest.map((note) => (
              <NoteListItem
                key={note.id}
                note={note}
                selected={note.id === selectedId}
                published={published.includes(note.id)}
                tagHref={tagHref}
                onNavigate={onNavigate}
              />
            ))}
          </ul>
          {hasNextPage ? (
            <LoadMoreSentinel
              key={rest.length}
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
