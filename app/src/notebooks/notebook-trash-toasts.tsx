// "Moved “Trip” to the trash — Undo" after the owner moves a notebook there (announced politely).
// The notices live outside React so they outlast the list item that raised them (it leaves the
// list at once), and each leaves after a while; Undo restores the notebook with its notes.
import { describeError } from '../lib/errors/describe-error.ts';
import { timedNotices } from '../lib/notices/timed-notices.ts';
import { Button } from '../ui/button.tsx';
import { useRestoreNotebookMutation, type TrashTarget } from './data/notebook-trash-mutations.ts';

const notices = timedNotices<TrashTarget>();

export const announceNotebookTrashed = notices.announce;
export const dismissNotebookTrashed = notices.dismiss;

export function NotebookTrashToasts() {
  const shown = notices.useNotices();
  const restore = useRestoreNotebookMutation();
  return (
    <div className="toasts" role="status" aria-live="polite">
      {restore.error ? (
        <div className="toast">
          <span>The notebook could not be restored. {describeError(restore.error).message}</span>
          <Button variant="secondary" onClick={() => restore.reset()}>
            Dismiss
          </Button>
        </div>
      ) : null}
      {shown.map((n) => (
        <div className="toast" key={n.id}>
          <span>Moved “{n.name}” and its notes to the trash.</span>
          <Button
            variant="secondary"
            onClick={() => {
              dismissNotebookTrashed(n.id);
              restore.mutate(n);
            }}
          >
            Undo<span className="visually-hidden"> moving {n.name} to the trash</span>
          </Button>
        </div>
      ))}
    </div>
  );
}
