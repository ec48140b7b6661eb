// /settings/data: download everything (the export-data function), a way to import and export
// notebooks (/transfer), and deleting the account (the delete-account function, after typing
// DELETE; aal2 when two-step verification is on), which ends on a page saying it is done.
import { useEffect, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useSubmit } from '../lib/forms/use-submit.ts';
import { useSession } from '../lib/session/session-context.ts';
import { useSupabase } from '../lib/supabase.ts';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { TextField } from '../ui/text-field.tsx';
import { invokeFunction } from '../lib/functions/invoke-function.ts';
import { dispositionName, saveBlob } from '../lib/functions/save-download.ts';

export function DataPage() {
  const supabase = useSupabase();
  const { signOut } = useSession();
  const exporting = useSubmit();
  const deleting = useSubmit();
  const [confirm, setConfirm] = useState('');
  const [confirmError, setConfirmError] = useState<string | null>(null);
  useEffect(() => {
    document.title = 'Data · Settings · Sheaf';
  }, []);

  async function exportData() {
    await exporting.run(async () => {
      const response = await invokeFunction(supabase, 'export-data?format=zip', 'GET');
      const name = dispositionName(response.headers.get('content-disposition'), 'sheaf-export.zip');
      saveBlob(await response.blob(), name);
    });
  }

  async function deleteAccount(event: FormEvent) {
    event.preventDefault();
    if (confirm.trim() !== 'DELETE') return setConfirmError('Type DELETE in capital letters.');
    setConfirmError(null);
    const ok = await deleting.run(async () => {
      await invokeFunction(supabase, 'delete-account', 'POST', { confirm: true });
    });
    if (ok) await signOut('local', { then: '/signed-out?reason=deleted' });
  }

  return (
    <>
      <section className="panel" aria-labelledby="export-heading">
        <h2 className="panel__title" id="export-heading">
          Export your data
        </h2>
        <p className="panel__lead">
          A ZIP file with everything you own: a folder of Markdown files for each notebook, your
          files beside their notes, and your profile and sharing in a JSON file.
        </p>
        <p>
          To import notes, or export a single notebook, go to{' '}
          <Link to="/transfer">Import and export</Link>.
        </p>
        {exporting.error ? <Alert tone="error">{exporting.error}</Alert> : null}
        <div>
          <Button onClick={() => void exportData()} pending={exporting.pending}>
            {exporting.pending ? 'Preparing…' : 'Download my data'}
          </Button>
        </div>
      </section>
      <section className="panel panel--danger" aria-labelledby="delete-heading">
        <h2 className="panel__title" id="delete-heading">
          Delete your account
        </h2>
        <p className="panel__lead">
          This removes your account, your profile, the notebooks you own and their files. It cannot
          be undone.
        </p>
        {deleting.error ? <Alert tone="error">{deleting.error}</Alert> : null}
        <form
          className="form form--narrow"
          onSubmit={deleteAccount}
          noValidate
          aria-label="Delete account"
        >
          <TextField
            label="Type DELETE to confirm"
            name="confirm"
            autoComplete="off"
            value={confirm}
            onChange={(e) => setConfirm(e.target.value)}
            error={confirmError}
          />
          <div>
            <Button type="submit" variant="danger" pending={deleting.pending}>
              {deleting.pending ? 'Deleting…' : 'Delete my account'}
            </Button>
          </div>
        </form>
      </section>
    </>
  );
}
