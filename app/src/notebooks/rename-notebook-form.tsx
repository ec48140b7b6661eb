// Renames a notebook in place (owner only).
import { useState, type FormEvent } from 'react';
import { describeError } from '../lib/errors/describe-error.ts';
import { Button } from '../ui/button.tsx';
import { TextField } from '../ui/text-field.tsx';
import { useRenameNotebookMutation } from './data/rename-notebook-mutation.ts';

interface Props {
  id: string;
  name: string;
  onDone(): void;
}

export function RenameNotebookForm({ id, name, onDone }: Props) {
  const [value, setValue] = useState(name);
  const [error, setError] = useState<string | null>(null);
  const rename = useRenameNotebookMutation();
  function submit(event: FormEvent) {
    event.preventDefault();
    const trimmed = value.trim();
    if (!trimmed) return setError('Give the notebook a name.');
    if (trimmed === name) return onDone();
    rename.mutate(
      { id, name: trimmed },
      { onSuccess: onDone, onError: (e) => setError(describeError(e).message) },
    );
  }
  return (
    <form className="nb-confirm" onSubmit={submit} noValidate>
      <TextField
        label="Notebook name"
        value={value}
        maxLength={100}
        onChange={(e) => setValue(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Escape') onDone();
        }}
        error={error}
        autoFocus
      />
      <div className="actions">
        <Button type="submit" pending={rename.isPending}>
          Save name
        </Button>
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
