// /settings/data: download everything (the export-data function) and delete the account (the
// delete-account function, after typing DELETE; aal2 when two-step verification is on).
import { useEffect, useState, type FormEvent } from 'react';
import { useSubmit } from '../lib/forms/use-submit.ts';
import { useSession } from '../lib/session/session-context.ts';
import { useSupabase } from '../lib/supabase.ts';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { TextField } from '../ui/text-field.tsx';
import { invokeFunction } from './api/invoke-function.ts';

function saveBlob(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

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
      const disposition = response.headers.get('content-disposition') ?? '';
      const name = /filename="?([^";]+)"?/.exec(disposition)?.[1] ?? 'sheaf-export.zip';
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
          A ZIP file with your profile, notebooks, notes and files, ready to keep or move.
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
