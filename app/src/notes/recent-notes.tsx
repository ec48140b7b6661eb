// The notes edited last across every notebook (the home page's "Recent notes").
import { Link } from 'react-router';
import { describeError } from '../lib/errors/describe-error.ts';
import { Alert } from '../ui/alert.tsx';
import { PageLoading } from '../ui/page-loading.tsx';
import { useRecentNotesQuery } from './data/recent-notes-query.ts';

const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

export function RecentNotes() {
  const recent = useRecentNotesQuery(6);
  if (recent.data?.length === 0) return null;
  return (
    <section className="panel" aria-labelledby="recent-heading">
      <h2 className="panel__title" id="recent-heading">
        Recent notes
      </h2>
      {recent.isPending ? <PageLoading label="Loading recent notes…" /> : null}
      {recent.error ? <Alert tone="error">{describeError(recent.error).message}</Alert> : null}
      {recent.data ? (
        <ul className="recent-list">
          {recent.data.map((note) => (
            <li key={note.id} className="recent-item">
              <Link className="recent-item__title" to={`/n/${note.notebook_id}/${note.id}`}>
                {note.title.trim() || 'Untitled note'}
              </Link>
              <span className="recent-item__meta">
                {note.notebook?.name ?? ''} · {when.format(new Date(note.updated_at))}
              </span>
              {note.preview ? <p className="recent-item__preview">{note.preview}</p> : null}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
