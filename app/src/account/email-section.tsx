// Change the email address. The server sends confirmation links (to both addresses when
// double_confirm_changes is on); until they are followed the new address shows as pending. A
// phone-only account adds its first address the same way.
import { useState, type FormEvent } from 'react';
import { useSubmit } from '../lib/forms/use-submit.ts';
import { useSignedIn } from '../lib/session/session-context.ts';
import { useSupabase } from '../lib/supabase.ts';
import { validateEmail } from '../lib/validation/fields.ts';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { EmailField } from '../ui/text-field.tsx';
import { accountEmail } from './api/account-identity.ts';

export function EmailSection() {
  const supabase = useSupabase();
  const { user } = useSignedIn();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const submit = useSubmit();
  const current = accountEmail(user);
  const pending = sentTo ?? (user.new_email || null);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    let problem = validateEmail(email);
    if (!problem && email.trim().toLowerCase() === current?.toLowerCase())
      problem = 'This is already your email address.';
    setError(problem);
    if (problem) return;
    const address = email.trim();
    const ok = await submit.run(() =>
      supabase.auth.updateUser(
        { email: address },
        {
          emailRedirectTo: `${window.location.origin}/auth/callback?next=/settings/security&from=email_change`,
        },
      ),
    );
    if (ok) {
      setSentTo(address);
      setEmail('');
    }
  }

  return (
    <section className="panel" aria-labelledby="email-heading">
      <h2 className="panel__title" id="email-heading">
        Email address
      </h2>
      <p className="panel__lead">
        {current ? (
          <>
            You sign in with <strong data-testid="current-email">{current}</strong>.
          </>
        ) : (
          'Your account has no email address yet. Add one to sign in with it, get sign-in codes by email and be told when someone shares a notebook with you.'
        )}
      </p>
      {pending ? (
        <Alert tone="info" title="Change pending">
          We sent a confirmation link to {pending}
          {current ? ` and to ${current}` : ''}. The {current ? 'new ' : ''}address takes effect
          once it is confirmed.
        </Alert>
      ) : null}
      {submit.error ? <Alert tone="error">{submit.error}</Alert> : null}
      <form className="form form--narrow" onSubmit={onSubmit} noValidate aria-label="Change email">
        <EmailField
          label={current ? 'New email address' : 'Email address'}
          name="new-email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={error}
        />
        <div>
          <Button type="submit" pending={submit.pending}>
            {submit.pending ? 'Sending…' : current ? 'Change email' : 'Add email'}
          </Button>
        </div>
      </form>
    </section>
  );
}
