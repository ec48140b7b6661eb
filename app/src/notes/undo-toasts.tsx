// The "Note deleted — Undo" messages of pending deletions.
import { describeError } from '../lib/errors/describe-error.ts';
import { Button } from '../ui/button.tsx';
import { undoDelete, usePendingDeletes } from './data/delete-note.ts';

export function UndoToasts() {
  const pending = usePendingDeletes();
  if (pending.length === 0) return null;
  return (
    <div className="toasts" role="status" aria-live="polite">
      {pending.map((p) => (
        <div className="toast" key={p.id}>
          <span>
            {p.error
              ? `“${p.title || 'Untitled note'}” could not be deleted. ${describeError(p.error).message}`
              : `Deleted “${p.title || 'Untitled note'}”.`}
          </span>
          <Button variant="secondary" onClick={() => undoDelete(p.id)}>
            {p.error ? 'Dismiss' : 'Undo'}
          </Button>
        </div>
      ))}
    </div>
  );
}
