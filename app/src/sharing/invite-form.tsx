// The owner invites someone by email as an editor, a commenter or a viewer; the function adds or invites them
// and tells them by email.
import type { GrantableRole } from '../lib/roles.ts';
import { useRef, useState, type FormEvent } from 'react';
import { describeError } from '../lib/errors/describe-error.ts';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { TextField } from '../ui/text-field.tsx';
import { useShareNotebookMutation, type ShareResult } from './data/share-notebook-mutation.ts';

/** What happened, in a sentence: who can do what now, and whether they were told by email. */
function shareOutcome(address: string, role: GrantableRole, result: ShareResult): string {
  const can = role === 'editor' ? 'edit' : role === 'commenter' ? 'read and comment on' : 'read';
  if (result.status === 'member') {
    if (result.added === false) return `${address} can now ${can} this notebook.`;
    return result.email_sent === false
      ? `${address} can now ${can} this notebook. We could not email them, so let them know yourself.`
      : `${address} can now ${can} this notebook. We emailed them a link to it.`;
  }
  return result.email_sent === false
    ? `${address} has no account yet. We could not send the invitation email: ask them to sign up with this address, and they join when they do.`
    : `${address} has no account yet: we emailed an invitation, and they join when they sign up.`;
}

export function InviteForm({ notebookId }: { notebookId: string }) {
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<GrantableRole>('viewer');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const share = useShareNotebookMutation(notebookId);
  // One invitation (and one email) per submit: the mutation's pending state reaches the page a
  // macrotask late, too late for a double click.
  const sending = useRef(false);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (sending.current) return;
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim()))
      return setError('Enter a valid email address.');
    setError(null);
    setDone(null);
    sending.current = true;
    share.mutate(
      { email, role },
      {
        onSuccess: (result) => {
          setDone(shareOutcome(email.trim(), role, result));
          setEmail('');
        },
        onError: (e) => setError(describeError(e).message),
        onSettled: () => {
          sending.current = false;
        },
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
          onChange={(e) => setRole(e.target.value as GrantableRole)}
        >
          <option value="viewer">Viewer — can read</option>
          <option value="commenter">Commenter — can read and comment</option>
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
