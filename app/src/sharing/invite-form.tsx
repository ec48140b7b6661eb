// The owner invites someone by email as an editor or a viewer.
import { useState, type FormEvent } from 'react';
import { describeError } from '../lib/errors/describe-error.ts';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { TextField } from '../ui/text-field.tsx';
import { useShareNotebookMutation } from './data/share-notebook-mutation.ts';

export function InviteForm({ notebookId }: { notebookId: string }) {
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<'editor' | 'viewer'>('viewer');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const share = useShareNotebookMutation(notebookId);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (share.isPending) return;
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim()))
      return setError('Enter a valid email address.');
    setError(null);
    setDone(null);
    share.mutate(
      { email, role },
      {
        onSuccess: (result) => {
          setDone(
            result.status === 'member'
              ? `${email.trim()} can now ${role === 'editor' ? 'edit' : 'read'} this notebook.`
              : `${email.trim()} has no account yet: an invitation was sent, and they join when they sign up.`,
          );
          setEmail('');
        },
        onError: (e) => setError(describeError(e).message),
      },
    );
  }

  return (
    <form className="share-form" onSubmit={submit} noValidate>
      <TextField
        label="Invite by email"
        type="email"
        autoComplete="off"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        error={error}
      />
      <div className="field">
        <label className="field__label" htmlFor="invite-role">
          Role
        </label>
        <select
          id="invite-role"
          className="field__input"
          value={role}
          onChange={(e) => setRole(e.target.value as 'editor' | 'viewer')}
        >
          <option value="viewer">Viewer — can read</option>
          <option value="editor">Editor — can edit notes and files</option>
        </select>
      </div>
      <Button type="submit" pending={share.isPending}>
        Invite
      </Button>
      {done ? <Alert tone="info">{done}</Alert> : null}
    </form>
  );
}
