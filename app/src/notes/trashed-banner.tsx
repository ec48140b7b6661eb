// Shown on a note that is in the trash: when it goes for good, and (for editors) Restore or
// Delete forever — the latter asked twice.
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { describeError } from '../lib/errors/describe-error.ts';
import { runThen } from '../lib/query/run-then.ts';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { useDeleteForeverMutation, useRestoreNoteMutation } from './data/trash-mutations.ts';
import { TRASH_DAYS, type Note } from './data/types.ts';
import { countOf } from '../lib/text/count.ts';

export function daysLeft(deletedAt: string, now = Date.now()): number {
  const end = new Date(deletedAt).getTime() + TRASH_DAYS * 86_400_000;
  return Math.max(0, Math.ceil((end - now) / 86_400_000));
}

export function TrashedBanner({ note, canEdit }: { note: Note; canEdit: boolean }) {
  const restore = useRestoreNoteMutation();
  const remove = useDeleteForeverMutation();
  const [confirming, setConfirming] = useState(false);
  const navigate = useNavigate();
  const days = daysLeft(note.deleted_at!);
  const error = restore.error ?? remove.error;
  return (
    <div className="alert alert--info trashed-banner" role="status">
      <span>This note is in the trash. It will be deleted for good in {countOf(days, 'day')}.</span>
      {canEdit ? (
        <span className="actions">
          <Button
            variant="secondary"
            pending={restore.isPending}
            onClick={() => restore.mutate(note)}
          >
            Restore
          </Button>
          {confirming ? (
            <Button
              variant="danger"
              pending={remove.isPending}
              onClick={() =>
                // The note may vanish live (and this banner with it) before the answer comes.
                void runThen(remove, note, () => navigate('/trash', { replace: true }))
              }
            >
              Yes, delete forever
            </Button>
          ) : (
            <Button variant="danger" onClick={() => setConfirming(true)}>
              Delete forever
            </Button>
          )}
        </span>
      ) : null}
      {error ? <Alert tone="error">{describeError(error).message}</Alert> : null}
    </div>
  );
}
