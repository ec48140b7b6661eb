// A notebook page opened (by its URL) while the notebook is in the trash: for its owner, it says
// so, when it goes for good, and offers Restore (the page then opens as it was) and the way to
// the trash; anyone else — who cannot read a trashed notebook — sees `fallback`, the page's
// "not found".
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { describeError } from '../lib/errors/describe-error.ts';
import { countOf } from '../lib/text/count.ts';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { PageLoading } from '../ui/page-loading.tsx';
import { useRestoreNotebookMutation } from './data/notebook-trash-mutations.ts';
import { useTrashedNotebookQuery } from './data/trashed-notebooks-query.ts';
import { daysLeft } from './trash-days.ts';

export function TrashedNotebookNotice({
  notebookId,
  fallback,
}: {
  notebookId: string;
  fallback: ReactNode;
}) {
  const trashed = useTrashedNotebookQuery(notebookId);
  const restore = useRestoreNotebookMutation();
  if (trashed.isPending) return <PageLoading label="Loading notebook…" />;
  if (!trashed.data) return fallback;
  const notebook = trashed.data;
  return (
    <div className="note-missing" data-testid="notebook-in-trash">
      <h1 className="page-title">“{notebook.name}” is in the trash</h1>
      <p>
        You moved this notebook to the trash with its notes. It will be deleted for good in{' '}
        {countOf(daysLeft(notebook.deleted_at), 'day')}. Restore it to open it and its notes again,
        for you and everyone it is shared with.
      </p>
      {restore.error ? <Alert tone="error">{describeError(restore.error).message}</Alert> : null}
      <div className="actions">
        <Button pending={restore.isPending} onClick={() => restore.mutate(notebook)}>
          Restore notebook
        </Button>
        <Link to="/trash">Go to the trash</Link>
      </div>
    </div>
  );
}
