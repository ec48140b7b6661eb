// Deleting a notebook needs its name typed exactly: the notes, files and shares go with it.
import { useId, useState, type FormEvent } from 'react';
import { describeError } from '../lib/errors/describe-error.ts';
import { runThen } from '../lib/query/run-then.ts';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { TextField } from '../ui/text-field.tsx';
import { useDeleteNotebookMutation } from './data/delete-notebook-mutation.ts';

interface Props {
  id: string;
  name: string;
  onCancel(): void;
  onDeleted?(): void;
}

export function DeleteNotebookConfirm({ id, name, onCancel, onDeleted }: Props) {
  const [typed, setTyped] = useState('');
  const remove = useDeleteNotebookMutation();
  const titleId = useId();
  function submit(event: FormEvent) {
    event.preventDefault();
    if (typed !== name || remove.isPending) return;
    // The notebook may vanish live (and this form with it) before the answer comes; a failure
    // shows from remove.error.
    void runThen(remove, id, () => onDeleted?.());
  }
  return (
    <form className="nb-confirm" onSubmit={submit} aria-labelledby={titleId}>
      <p id={titleId}>
        Delete <strong>{name}</strong>? Its notes, files and shares are removed for everyone. This
        cannot be undone.
      </p>
      <TextField
        label={`Type the notebook's name to confirm`}
        value={typed}
        onChange={(e) => setTyped(e.target.value)}
        autoFocus
        autoComplete="off"
      />
      {remove.error ? <Alert tone="error">{describeError(remove.error).message}</Alert> : null}
      <div className="actions">
        <Button type="submit" variant="danger" disabled={typed !== name} pending={remove.isPending}>
          Delete notebook
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
