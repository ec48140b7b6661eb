// Moving a notebook to the trash, asked once: it leaves everyone's lists with its notes and can
// be restored from Trash for 30 days (Undo in the notice that follows, too).
import { useId } from 'react';
import { describeError } from '../lib/errors/describe-error.ts';
import { runThen } from '../lib/query/run-then.ts';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { useTrashNotebookMutation } from './data/notebook-trash-mutations.ts';
import { announceNotebookTrashed } from './notebook-trash-toasts.tsx';

interface Props {
  id: string;
  name: string;
  onCancel(): void;
}

export function TrashNotebookConfirm({ id, name, onCancel }: Props) {
  const trash = useTrashNotebookMutation();
  const titleId = useId();
  function moveToTrash() {
    if (trash.isPending) return;
    // The notebook leaves the list (and this form with it) as soon as the answer comes.
    void runThen(trash, { id, name }, () => announceNotebookTrashed({ id, name }));
  }
  return (
    <div className="nb-confirm" role="group" aria-labelledby={titleId}>
      <p id={titleId}>
        Move <strong>{name}</strong> to the trash? It leaves everyone’s lists with its notes and
        files; you can restore it from Trash for 30 days.
      </p>
      {trash.error ? <Alert tone="error">{describeError(trash.error).message}</Alert> : null}
      <div className="actions">
        <Button variant="danger" pending={trash.isPending} onClick={moveToTrash} autoFocus>
          Move to trash
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </div>
  );
}
