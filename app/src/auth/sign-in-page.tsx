// /sign-in: email or phone with a password. Field checks first, then the server; an unconfirmed
// email goes to /verify. Success is an auth event: the session provider moves on. Or a passkey
// (passkey-sign-in-button.tsx), from the button or the email field's autofill; or a provider the
// project turns on (oauth/continue-with.tsx).
import { useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { useSubmit } from '../lib/forms/use-submit.ts';
import { useSession } from '../lib/session/session-context.ts';
import { useAuth } from '../lib/supabase.ts';
import { validateCurrentPassword } from '../lib/validation/fields.ts';
import { Alert } from '../ui/alert.tsx';
import { AuthLayout } from '../ui/auth-layout.tsx';
import { Button } from '../ui/button.tsx';
import { TextField } from '../ui/text-field.tsx';
import { ContinueWith } from './oauth/continue-with.tsx';
import { PasskeySignIn } from './passkey-sign-in-button.tsx';
import { identifierQuery, useIdentifier } from './use-identifier.tsx';

export function SignInPage() {
  const auth = useAuth();
  const navigate = useNavigate();
  const { state } = useSession();
  const notice = state.status === 'signed-out' ? state.notice : null;
  const identifier = useIdentifier('email', 'username webauthn');
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const submit = useSubmit();

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const id = identifier.validate();
    const problem = validateCurrentPassword(password);
    setPasswordError(problem);
    if (!id) return;
    if (problem) return passwordRef.current?.focus();
    await submit.run(async () => {
      const { error } = await auth.signInWithPassword({ ...id, password });
      if (error?.code === 'email_not_confirmed' || error?.code === 'phone_not_confirmed') {
        navigate(`/verify?${identifierQuery(id)}&reason=unconfirmed`);
        return;
      }
      return { error };
    });
  }

  return (
    <AuthLayout
      title="Sign in to Sheaf"
      lead="Welcome back. Your notes are where you left them."
      footer={
        <>
          New to Sheaf? <Link to="/sign-up">Create an account</Link>
        </>
      }
    >
      {notice ? <Alert tone="info">{notice}</Alert> : null}
      {submit.error ? <Alert tone="error">{submit.error}</Alert> : null}
      <form className="form" onSubmit={onSubmit} noValidate aria-label="Sign in">
        {identifier.fields}
        <TextField
          ref={passwordRef}
          label="Password"
          type="password"
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={passwordError}
          aside={<Link to="/forgot-password">Forgot password?</Link>}
          required
        />
        <Button type="submit" block pending={submit.pending}>
          {submit.pending ? 'Signing in…' : 'Sign in'}
        </Button>
      </form>
      <div className="divider">or</div>
      <ContinueWith />
      <PasskeySignIn auth={auth} />
      <Link className="button button--secondary button--block" to="/sign-in/code">
        Email me a sign-in code
      </Link>
    </AuthLayout>
  );
}
