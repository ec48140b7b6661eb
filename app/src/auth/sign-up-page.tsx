// /sign-up: email and a new password (the rules shown before submit). With confirmations on, the
// server sends a code and a link; we continue on /verify. Without, the session arrives at once.
import { useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { useSubmit } from '../lib/forms/use-submit.ts';
import { useSupabase } from '../lib/supabase.ts';
import {
  describePasswordPolicy,
  SHEAF_PASSWORD_POLICY,
  validateEmail,
  validateNewPassword,
} from '../lib/validation/fields.ts';
import { Alert } from '../ui/alert.tsx';
import { AuthLayout } from '../ui/auth-layout.tsx';
import { Button } from '../ui/button.tsx';
import { TextField } from '../ui/text-field.tsx';

interface Errors {
  email: string | null;
  password: string | null;
}

export function SignUpPage() {
  const supabase = useSupabase();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Errors>({ email: null, password: null });
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const submit = useSubmit();

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const next = { email: validateEmail(email), password: validateNewPassword(password) };
    setErrors(next);
    if (next.email) return emailRef.current?.focus();
    if (next.password) return passwordRef.current?.focus();
    await submit.run(async () => {
      const address = email.trim();
      const { data, error } = await supabase.auth.signUp({
        email: address,
        password,
        options: { emailRedirectTo: `${window.location.origin}/auth/callback` },
      });
      if (error) {
        if (error.code === 'weak_password') passwordRef.current?.focus();
        return { error };
      }
      // With a session the provider moves on; without one the email must be confirmed first.
      if (!data.session) navigate(`/verify?email=${encodeURIComponent(address)}`);
    });
  }

  return (
    <AuthLayout
      title="Create your account"
      lead="Notes and files for you and the people you work with."
      footer={
        <>
          Already have an account? <Link to="/sign-in">Sign in</Link>
        </>
      }
    >
      {submit.error ? <Alert tone="error">{submit.error}</Alert> : null}
      <form className="form" onSubmit={onSubmit} noValidate aria-label="Create account">
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
          name="new-password"
          autoComplete="new-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          hint={describePasswordPolicy(SHEAF_PASSWORD_POLICY)}
          error={errors.password}
          required
        />
        <Button type="submit" block pending={submit.pending}>
          {submit.pending ? 'Creating account…' : 'Create account'}
        </Button>
      </form>
    </AuthLayout>
  );
}
