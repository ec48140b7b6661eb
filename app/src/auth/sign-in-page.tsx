// /sign-in: email and password. Field checks first, then the server; an unconfirmed email goes to
// /verify. Success is an auth event: the session provider moves on to the page the user wanted.
import { useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { useSubmit } from '../lib/forms/use-submit.ts';
import { useSession } from '../lib/session/session-context.ts';
import { useSupabase } from '../lib/supabase.ts';
import { validateCurrentPassword, validateEmail } from '../lib/validation/fields.ts';
import { Alert } from '../ui/alert.tsx';
import { AuthLayout } from '../ui/auth-layout.tsx';
import { Button } from '../ui/button.tsx';
import { TextField } from '../ui/text-field.tsx';

interface Errors {
  email: string | null;
  password: string | null;
}

export function SignInPage() {
  const supabase = useSupabase();
  const navigate = useNavigate();
  const { state } = useSession();
  const notice = state.status === 'signed-out' ? state.notice : null;
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Errors>({ email: null, password: null });
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const submit = useSubmit();

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const next = { email: validateEmail(email), password: validateCurrentPassword(password) };
    setErrors(next);
    if (next.email) return emailRef.current?.focus();
    if (next.password) return passwordRef.current?.focus();
    await submit.run(async () => {
      const address = email.trim();
      const { error } = await supabase.auth.signInWithPassword({ email: address, password });
      if (error?.code === 'email_not_confirmed') {
        navigate(`/verify?email=${encodeURIComponent(address)}&reason=unconfirmed`);
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
        <TextField
          ref={emailRef}
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={errors.email}
          required
        />
        <TextField
          ref={passwordRef}
          label="Password"
          type="password"
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={errors.password}
          required
        />
        <Button type="submit" block pending={submit.pending}>
          {submit.pending ? 'Signing in…' : 'Sign in'}
        </Button>
      </form>
    </AuthLayout>
  );
}
