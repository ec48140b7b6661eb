// "Moved to the trash" notices with Undo (restores the note) — announced politely.
import { describeError } from '../lib/errors/describe-error.ts';
import { Button } from '../ui/button.tsx';
import { dismissTrashed, useTrashNotices } from './data/trash-notices.ts';
import { useRestoreNoteMutation } from './data/trash-mutations.ts';

export function UndoToasts() {
  const notices = useTrashNotices();
  const restore = useRestoreNoteMutation();
  return (
    <div className="toasts" role="status" aria-live="polite">
      {restore.error ? (
        <div className="toast">
          <span>The note could not be restored. {describeError(restore.error).message}</span>
          <Button variant="secondary" onClick={() => restore.reset()}>
            Dismiss
          </Button>
        </div>
      ) : null}
      {notices.map((n) => (
        <div className="toast" key={n.id}>
          <span>Moved “{n.title.trim() || 'Untitled note'}” to the trash.</span>
          <Button
            variant="secondary"
            onClick={() => {
              dismissTrashed(n.id);
              restore.mutate({ id: n.id, notebook_id: n.notebookId });
            }}
          >
            Undo
          </Button>
        </div>
      ))}
    </div>
  );
}
