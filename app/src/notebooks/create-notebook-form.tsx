// The "new notebook" form: a name (1 to 100 characters), then open the new notebook. One
// notebook per intent: a second submit while one is on its way does nothing (the mutation's
// pending state reaches the page only after a macrotask, too late for a double click), and a
// retry of the same name reuses the id of the try before, so a notebook stored by a try whose
// answer was lost is found rather than made again.
import { useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { describeError } from '../lib/errors/describe-error.ts';
import { Button } from '../ui/button.tsx';
import { TextField } from '../ui/text-field.tsx';
import { useCreateNotebookMutation } from './data/create-notebook-mutation.ts';

export function CreateNotebookForm({
  compact = false,
  onDone,
}: {
  compact?: boolean;
  onDone?(): void;
}) {
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const create = useCreateNotebookMutation();
  const navigate = useNavigate();
  const sending = useRef(false);
  const attempt = useRef<{ id: string; name: string } | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (sending.current) return;
    const trimmed = name.trim();
    if (!trimmed) return setError('Give the notebook a name.');
    if (trimmed.length > 100) return setError('Use at most 100 characters.');
    setError(null);
    if (attempt.current?.name !== trimmed)
      attempt.current = { id: crypto.randomUUID(), name: trimmed };
    sending.current = true;
    create.mutate(attempt.current, {
      onSuccess: ({ id }) => {
        attempt.current = null;
        setName('');
        onDone?.();
        void navigate(`/n/${id}`);
      },
      onError: (e) => setError(describeError(e).message),
      onSettled: () => {
        sending.current = false;
      },
    });
  }

  return (
    <form
      className={compact ? 'nb-create nb-create--compact' : 'nb-create'}
      onSubmit={submit}
      noValidate
    >
      <TextField
        label={compact ? 'Notebook name' : 'New notebook'}
        autoFocus={compact}
        onKeyDown={(e) => {
          if (e.key === 'Escape') onDone?.();
        }}
        placeholder="e.g. Recipes"
        value={name}
        maxLength={100}
        onChange={(e) => setName(e.target.value)}
        error={error}
      />
      <Button type="submit" pending={create.isPending}>
        {compact ? 'Create' : 'Create notebook'}
      </Button>
    </form>
  );
}
