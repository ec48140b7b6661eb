// "Moved “Trip” to the trash — Undo" after the owner moves a notebook there (announced politely).
// The notices live outside React so they outlast the list item that raised them (it leaves the
// list at once), and each leaves after a while; Undo restores the notebook with its notes.
import { useSyncExternalStore } from 'react';
import { describeError } from '../lib/errors/describe-error.ts';
import { Button } from '../ui/button.tsx';
import { useRestoreNotebookMutation, type TrashTarget } from './data/notebook-trash-mutations.ts';

export const NOTICE_MS = 8000;

let notices: TrashTarget[] = [];
const timers = new Map<string, ReturnType<typeof setTimeout>>();
const listeners = new Set<() => void>();

function publish(next: TrashTarget[]) {
  notices = next;
  for (const listener of listeners) listener();
}

export function announceNotebookTrashed(notebook: TrashTarget) {
  dismissNotebookTrashed(notebook.id);
  publish([...notices, notebook]);
  timers.set(
    notebook.id,
    setTimeout(() => dismissNotebookTrashed(notebook.id), NOTICE_MS),
  );
}

export function dismissNotebookTrashed(id: string) {
  const timer = timers.get(id);
  if (timer) clearTimeout(timer);
  timers.delete(id);
  if (notices.some((n) => n.id === id)) publish(notices.filter((n) => n.id !== id));
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function NotebookTrashToasts() {
  const shown = useSyncExternalStore(
    subscribe,
    () => notices,
    () => notices,
  );
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
