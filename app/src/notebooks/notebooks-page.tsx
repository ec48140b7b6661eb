// "/": the user's notebooks (owned and shared) with note counts; create one; the owner renames or
// deletes. `search` and `intro` are slots the app composes in (features stay apart): the search
// box, and a page heading to use instead of the default one.
import { useEffect, type ReactNode } from 'react';
import { describeError } from '../lib/errors/describe-error.ts';
import { useSignedIn } from '../lib/session/session-context.ts';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { PageLoading } from '../ui/page-loading.tsx';
import { CreateNotebookForm } from './create-notebook-form.tsx';
import { useNotebooksQuery } from './data/notebooks-query.ts';
import { NotebookListItem } from './notebook-list-item.tsx';

export function NotebooksPage({ search, intro }: { search?: ReactNode; intro?: ReactNode }) {
  const { user } = useSignedIn();
  const notebooks = useNotebooksQuery(user.id);
  useEffect(() => {
    document.title = 'Notebooks · Sheaf';
  }, []);
  return (
    <>
      {intro ?? (
        <div>
          <h1 className="page-title">Notebooks</h1>
          <p className="page-lead">Your notebooks and the ones shared with you.</p>
        </div>
      )}
      {search}
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
              <NotebookListItem key={notebook.id} notebook={notebook} />
            ))}
          </ul>
        ) : null}
      </section>
    </>
  );
}
