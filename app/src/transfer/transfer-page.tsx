// /transfer: bring notes in (Markdown files, folders, ZIP archives) and take them out (a ZIP of
// Markdown files and attachments, of everything or of one notebook).
import { useEffect } from 'react';
import { Link } from 'react-router';
import { describeError } from '../lib/errors/describe-error.ts';
import { useSignedIn } from '../lib/session/session-context.ts';
import { Alert } from '../ui/alert.tsx';
import { PageLoading } from '../ui/page-loading.tsx';
import { useMyNotebooksQuery } from './data/my-notebooks-query.ts';
import { ExportPanel } from './export-panel.tsx';
import { ImportPanel } from './import-panel.tsx';
import './transfer.css';

export function TransferPage() {
  const { user } = useSignedIn();
  const notebooks = useMyNotebooksQuery(user.id);
  useEffect(() => {
    document.title = 'Import and export · Sheaf';
  }, []);
  return (
    <>
      <div>
        <h1 className="page-title">Import and export</h1>
        <p className="page-lead">
          Move your notes in and out of Sheaf as plain Markdown. Your account’s own data (and
          deleting it) is in <Link to="/settings/data">Settings → Data</Link>.
        </p>
      </div>
      {notebooks.isPending ? (
        <PageLoading />
      ) : notebooks.error ? (
        <Alert tone="error">{describeError(notebooks.error).message}</Alert>
      ) : (
        <>
          <ImportPanel notebooks={notebooks.data} />
          <ExportPanel notebooks={notebooks.data} />
        </>
      )}
    </>
  );
}
