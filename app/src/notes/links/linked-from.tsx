// "Linked from" on a note's page: the notes that link to this one, among those the reader can
// read (the database decides; notes in the trash are left out), each a link to its page with
// its notebook's name when that is another notebook. Refetched on focus and on each visit.
import { Link } from 'react-router';
import { describeError } from '../../lib/errors/describe-error.ts';
import { Alert } from '../../ui/alert.tsx';
import { useBacklinksQuery } from '../data/backlinks-query.ts';
import './links.css';

export function LinkedFrom({ noteId, notebookId }: { noteId: string; notebookId: string }) {
  const backlinks = useBacklinksQuery(noteId);
  return (
    <section className="panel linked-from" aria-labelledby="linked-from-heading">
      <h2 className="panel__title" id="linked-from-heading">
        Linked from
      </h2>
      {backlinks.isPending ? (
        <p className="empty" aria-busy="true">
          Loading links…
        </p>
      ) : null}
      {backlinks.isError && !backlinks.data ? (
        <Alert tone="error">{describeError(backlinks.error).message}</Alert>
      ) : null}
      {backlinks.data?.length === 0 ? (
        <p className="empty">No notes link here yet. Type [[ in a note to link to this one.</p>
      ) : null}
      {backlinks.data && backlinks.data.length > 0 ? (
        <ul className="linked-from__list" aria-label="Notes that link here">
          {backlinks.data.map((b) => (
            <li key={b.id}>
              <Link to={`/n/${b.notebook_id}/${b.id}`}>{b.title.trim() || 'Untitled note'}</Link>
              {b.notebook_id !== notebookId ? (
                <span className="linked-from__notebook"> in {b.notebook_name}</span>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
