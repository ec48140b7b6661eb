// An invitation link that cannot sign its reader in here — expired, already used, or an older
// email's link that Auth answered with tokens this PKCE app does not take — and the way on: a
// sign-in code sent to the invited address. The notebook stays shared with them either way
// (Auth accepted the invitation, or the address still holds it and the code confirms it).
import type { User } from '@supabase/supabase-js';
import { useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useSubmit } from '../lib/forms/use-submit.ts';
import { useAuth } from '../lib/supabase.ts';
import { validateEmail } from '../lib/validation/fields.ts';
import { Alert } from '../ui/alert.tsx';
import { AuthLayout } from '../ui/auth-layout.tsx';
import { Button } from '../ui/button.tsx';
import { EmailField } from '../ui/text-field.tsx';
import { CodeForm } from './code-form.tsx';

interface InvitationSignInProps {
  /** The invited address, when the link says it. */
  email: string | null;
  /** Auth accepted the invitation already (an older email's link), rather than refused it. */
  accepted: boolean;
  onSignedIn(user: User): void;
}

export function InvitationSignIn({ email: known, accepted, onSignedIn }: InvitationSignInProps) {
  const auth = useAuth();
  const [email, setEmail] = useState(known ?? '');
  const [emailError, setEmailError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const submit = useSubmit();

  const send = (to: string) =>
    auth.signInWithOtp({
      email: to,
      options: {
        shouldCreateUser: false,
        emailRedirectTo: `${window.location.origin}/auth/callback?from=magiclink`,
      },
    });

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const problem = validateEmail(email);
    setEmailError(problem);
    if (problem) return emailRef.current?.focus();
    const to = email.trim();
    if (await submit.run(() => send(to))) setSentTo(to);
  }

  const footer = (
    <>
      <Link to="/sign-in">Sign in with a password</Link> ·{' '}
      <Link to="/sign-up">Create an account</Link>
    </>
  );

  if (sentTo)
    return (
      <AuthLayout
        title="Enter your code"
        lead={
          <>
            We sent a 6-digit code to <strong>{sentTo}</strong>. Enter it to open the notebook
            shared with you.
          </>
        }
        footer={footer}
      >
        <CodeForm
          submitLabel="Sign in"
          pendingLabel="Signing in…"
          justSent
          verify={async (token) => {
            const result = await auth.verifyOtp({ email: sentTo, token, type: 'email' });
            if (!result.error && result.data.user) onSignedIn(result.data.user);
            return result;
          }}
          resend={() => send(sentTo)}
          resentMessage={`A new code is on its way to ${sentTo}.`}
        />
      </AuthLayout>
    );

  return (
    <AuthLayout
      title={accepted ? 'Your invitation is accepted' : 'This invitation link no longer works'}
      footer={footer}
    >
      <Alert tone="info">
        {accepted
          ? 'This link could not sign you in here. The notebook is shared with you: sign in with a code sent to your email to open it.'
          : 'It has expired or was already used. The notebook is still shared with you: sign in with a code sent to your email to open it.'}
      </Alert>
      {submit.error ? <Alert tone="error">{submit.error}</Alert> : null}
      <form className="form" onSubmit={onSubmit} noValidate aria-label="Send a sign-in code">
        <EmailField
          ref={emailRef}
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={emailError}
          required
        />
        <Button type="submit" block pending={submit.pending}>
          {submit.pending ? 'Sending…' : 'Send me a sign-in code'}
        </Button>
      </form>
    </AuthLayout>
  );
}
