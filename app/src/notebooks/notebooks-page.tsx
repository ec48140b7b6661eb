// "/": the signed-in home — a greeting, the notes edited last, and every notebook (owned and
// shared) with its note count and the people in it; create one; the owner renames or moves one to the trash (with Undo).
// No session internals here (those live in Security settings). `intro`, `recent` and `account`
// are slots the app composes in (features stay apart): the greeting, the recent notes, and what
// the account has.
import { useEffect, type ReactNode } from 'react';
import { describeError } from '../lib/errors/describe-error.ts';
import { useSignedIn } from '../lib/session/session-context.ts';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { PageLoading } from '../ui/page-loading.tsx';
import { CreateNotebookForm } from './create-notebook-form.tsx';
import { useNotebooksQuery } from './data/notebooks-query.ts';
import { NotebookListItem } from './notebook-list-item.tsx';
import { NotebookTrashToasts } from './notebook-trash-toasts.tsx';

interface Props {
  intro?: ReactNode;
  recent?: ReactNode;
  account?: ReactNode;
}

export function NotebooksPage({ intro, recent, account }: Props) {
  const { user } = useSignedIn();
  const notebooks = useNotebooksQuery(user.id, { fresh: true });
  useEffect(() => {
    document.title = 'Notebooks · Sheaf';
  }, []);
  return (
    <div className="page-pane">
      {intro ?? (
        <div>
          <h1 className="page-title">Notebooks</h1>
          <p className="page-lead">Your notebooks and the ones shared with you.</p>
        </div>
      )}
      {recent}
      <section className="panel" aria-labelledby="notebooks-heading">
        <h2 className="panel__title" id="notebooks-heading">
          All notebooks
        </h2>
        <CreateNotebookForm />
        {notebooks.isPending ? <PageLoading label="Loading notebooks…" /> : null}
        {notebooks.isError ? (
          <Alert tone="error">
            {describeError(notebooks.error).message}{' '}
            <Button variant="secondary" onClick={() => void notebooks.refetch()}>
              Try again
            </Button>
          </Alert>
        ) : null}
        {notebooks.data && notebooks.data.length === 0 ? (
          <p className="empty">No notebooks yet. Create your first one above.</p>
        ) : null}
        {notebooks.data && notebooks.data.length > 0 ? (
          <ul className="nb-list" aria-label="Notebooks">
            {notebooks.data.map((notebook) => (
              <NotebookListItem key={notebook.id} notebook={notebook} userId={user.id} />
            ))}
          </ul>
        ) : null}
      </section>
      {account}
      <NotebookTrashToasts />
    </div>
  );
}
