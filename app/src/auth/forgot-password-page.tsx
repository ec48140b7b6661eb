// /forgot-password: ask for a recovery email. Its link (through /auth/callback) or its code leads
// to PASSWORD_RECOVERY, which the session provider turns into /reset-password. The answer never
// says whether the address has an account.
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useSubmit } from '../lib/forms/use-submit.ts';
import { useAuth } from '../lib/supabase.ts';
import { validateEmail } from '../lib/validation/fields.ts';
import { Alert } from '../ui/alert.tsx';
import { AuthLayout } from '../ui/auth-layout.tsx';
import { Button } from '../ui/button.tsx';
import { EmailField } from '../ui/text-field.tsx';
import { CodeForm } from './code-form.tsx';

export function ForgotPasswordPage() {
  const auth = useAuth();
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const submit = useSubmit();

  const send = (address: string) =>
    auth.resetPasswordForEmail(address, {
      redirectTo: `${window.location.origin}/auth/callback?next=/reset-password&from=recovery`,
    });

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const problem = validateEmail(email);
    setEmailError(problem);
    if (problem) return;
    const address = email.trim();
    if (await submit.run(() => send(address))) setSentTo(address);
  }

  if (sentTo)
    return (
      <AuthLayout
        title="Check your email"
        lead={
          <>
            If <strong>{sentTo}</strong> has a Sheaf account, we sent it a link and a 6-digit code
            to choose a new password.
          </>
        }
        footer={<Link to="/sign-in">Back to sign in</Link>}
      >
        <CodeForm
          submitLabel="Continue"
          pendingLabel="Checking…"
          justSent
          verify={(token) => auth.verifyOtp({ email: sentTo, token, type: 'recovery' })}
          resend={() => send(sentTo)}
          resentMessage={`If ${sentTo} has an account, a new code is on its way.`}
        />
      </AuthLayout>
    );

  return (
    <AuthLayout
      title="Forgot your password?"
      lead="Enter your email address and we will send you a way to choose a new one."
      footer={<Link to="/sign-in">Back to sign in</Link>}
    >
      {submit.error ? <Alert tone="error">{submit.error}</Alert> : null}
      <form className="form" onSubmit={onSubmit} noValidate aria-label="Reset password">
        <EmailField
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={emailError}
          autoFocus
          required
        />
        <Button type="submit" block pending={submit.pending}>
          {submit.pending ? 'Sending…' : 'Send reset email'}
        </Button>
      </form>
    </AuthLayout>
  );
}
