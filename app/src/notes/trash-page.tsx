// "/trash": every note in the trash of the notebooks the person can read, newest first, with
// where it was, who deleted it and when it goes for good; editors restore a note or delete it
// forever (asked twice). Opening the page purges notes and notebooks past their 30 days.
// `notebooks` is a slot the app composes in (features stay apart): the person's notebooks in
// the trash, above the notes.
import { canEditWith } from '../lib/roles.ts';
import { useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { describeError } from '../lib/errors/describe-error.ts';
import { useSignedIn } from '../lib/session/session-context.ts';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { PageLoading } from '../ui/page-loading.tsx';
import { useDeleteForeverMutation, useRestoreNoteMutation } from './data/trash-mutations.ts';
import { useMyRolesQuery, useTrashQuery, type TrashedNote } from './data/trash-query.ts';
import { TRASH_DAYS } from './data/types.ts';
import { daysLeft } from './trashed-banner.tsx';
import { countOf } from '../lib/text/count.ts';

const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function TrashItem({ note, canEdit }: { note: TrashedNote; canEdit: boolean }) {
  const restore = useRestoreNoteMutation();
  const remove = useDeleteForeverMutation();
  const [confirming, setConfirming] = useState(false);
  const title = note.title.trim() || 'Untitled note';
  const days = daysLeft(note.deleted_at);
  const error = restore.error ?? remove.error;
  return (
    <li className="note-item trash-item" data-testid="trash-item">
      <div className="note-item__head">
        <Link className="note-item__title" to={`/n/${note.notebook_id}/${note.id}`}>
          {title}
        </Link>
        <span className="note-item__notebook">in {note.notebook?.name ?? 'a notebook'}</span>
      </div>
      {note.preview ? <p className="note-item__preview">{note.preview}</p> : null}
      <p className="note-item__meta">
        Deleted {when.format(new Date(note.deleted_at))}
        {note.deleter?.display_name ? ` by ${note.deleter.display_name}` : ''} · gone for good in{' '}
        {countOf(days, 'day')}
      </p>
      {canEdit ? (
        <div className="actions">
          <Button
            variant="secondary"
            pending={restore.isPending}
            onClick={() => restore.mutate(note)}
          >
            Restore<span className="visually-hidden"> {title}</span>
          </Button>
          {confirming ? (
            <>
              <Button
                variant="danger"
                pending={remove.isPending}
                onClick={() => remove.mutate(note)}
              >
                Yes, delete forever<span className="visually-hidden"> {title}</span>
              </Button>
              <Button variant="secondary" onClick={() => setConfirming(false)}>
                Keep<span className="visually-hidden"> {title}</span>
              </Button>
            </>
          ) : (
            <Button variant="danger" onClick={() => setConfirming(true)}>
              Delete forever<span className="visually-hidden"> {title}</span>
            </Button>
          )}
        </div>
      ) : null}
      {error ? <Alert tone="error">{describeError(error).message}</Alert> : null}
    </li>
  );
}

export function TrashPage({ notebooks }: { notebooks?: ReactNode }) {
  const { user } = useSignedIn();
  const trash = useTrashQuery();
  const roles = useMyRolesQuery(user.id);
  useEffect(() => {
    document.title = 'Trash · Sheaf';
  }, []);
  return (
    <div className="page-pane">
      <Link className="back-link page-pane__back" to="/">
        <span aria-hidden="true">←</span> Notebooks
      </Link>
      <div>
        <h1 className="page-title">Trash</h1>
        <p className="page-lead">
          Notes and notebooks moved to the trash stay here for {TRASH_DAYS} days, then they are
          deleted for good.
        </p>
      </div>
      {notebooks}
      {notebooks ? <h2 className="panel__title">Notes</h2> : null}
      {trash.isPending ? <PageLoading label="Loading the trash…" /> : null}
      {trash.error ? (
        <Alert tone="error">
          {describeError(trash.error).message}{' '}
          <Button variant="secondary" onClick={() => void trash.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : null}
      {trash.data?.length === 0 ? <p className="empty">No notes in the trash.</p> : null}
      {trash.data && trash.data.length > 0 ? (
        <ul className="note-list" aria-label="Notes in the trash">
          {trash.data.map((note) => (
            <TrashItem
              key={note.id}
              note={note}
              canEdit={canEditWith(roles.data?.get(note.notebook_id))}
            />
          ))}
        </ul>
      ) : null}
    </div>
  );
}
