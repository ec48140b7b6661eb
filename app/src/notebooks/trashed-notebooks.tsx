// The trash page's notebooks: those the person owns that are in the trash, newest first, with
// how many notes went with each and the day they go for good; Restore, or Delete forever (asked
// twice). Nothing is shown to someone with no notebook in the trash.
import { useState } from 'react';
import { describeError } from '../lib/errors/describe-error.ts';
import { countOf } from '../lib/text/count.ts';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import {
  useDeleteNotebookForeverMutation,
  useRestoreNotebookMutation,
} from './data/notebook-trash-mutations.ts';
import { useTrashedNotebooksQuery, type TrashedNotebook } from './data/trashed-notebooks-query.ts';
import { daysLeft, purgeDate } from './trash-days.ts';

const day = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

function TrashedNotebookItem({ notebook }: { notebook: TrashedNotebook }) {
  const restore = useRestoreNotebookMutation();
  const remove = useDeleteNotebookForeverMutation();
  const [confirming, setConfirming] = useState(false);
  const error = restore.error ?? remove.error;
  const name = notebook.name;
  return (
    <li className="note-item trash-item" data-testid="trashed-notebook">
      <div className="note-item__head">
        <span className="note-item__title">{name}</span>
        <span className="note-item__notebook">
          notebook · {countOf(notebook.note_count, 'note')}
        </span>
      </div>
      <p className="note-item__meta">
        Moved to the trash {day.format(new Date(notebook.deleted_at))} · deleted for good on{' '}
        {day.format(purgeDate(notebook.deleted_at))} (in{' '}
        {countOf(daysLeft(notebook.deleted_at), 'day')})
      </p>
      <div className="actions">
        <Button
          variant="secondary"
          pending={restore.isPending}
          onClick={() => restore.mutate(notebook)}
        >
          Restore<span className="visually-hidden"> notebook {name}</span>
        </Button>
        {confirming ? (
          <>
            <Button
              variant="danger"
              pending={remove.isPending}
              onClick={() => remove.mutate(notebook)}
            >
              Yes, delete forever<span className="visually-hidden"> notebook {name}</span>
            </Button>
            <Button variant="secondary" onClick={() => setConfirming(false)}>
              Keep<span className="visually-hidden"> notebook {name}</span>
            </Button>
          </>
        ) : (
          <Button variant="danger" onClick={() => setConfirming(true)}>
            Delete forever<span className="visually-hidden"> notebook {name}</span>
          </Button>
        )}
      </div>
      {confirming ? (
        <p className="note-item__meta">
          Its notes, files and shares are removed for everyone. This cannot be undone.
        </p>
      ) : null}
      {error ? <Alert tone="error">{describeError(error).message}</Alert> : null}
    </li>
  );
}

export function TrashedNotebooks() {
  const trashed = useTrashedNotebooksQuery();
  if (trashed.error)
    return (
      <Alert tone="error">
        {describeError(trashed.error).message}{' '}
        <Button variant="secondary" onClick={() => void trashed.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  if (!trashed.data || trashed.data.length === 0) return null;
  return (
    <>
      <h2 className="panel__title" id="trashed-notebooks-heading">
        Notebooks
      </h2>
      <ul className="note-list" aria-labelledby="trashed-notebooks-heading">
        {trashed.data.map((notebook) => (
          <TrashedNotebookItem key={notebook.id} notebook={notebook} />
        ))}
      </ul>
    </>
  );
}
