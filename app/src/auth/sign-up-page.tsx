// /sign-up: email or phone and a new password (the rules shown before submit). With
// confirmations on, the server sends a code (and, by email, a link); we continue on /verify —
// which, for an address Auth already knows (an account, or a notebook shared with it), also
// offers a sign-in code, since Auth may send nothing there.
import { useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { weakPasswordSentence } from '../lib/errors/weak-password.ts';
import { useSubmit } from '../lib/forms/use-submit.ts';
import { useAuth } from '../lib/supabase.ts';
import { validateNewPassword } from '../lib/validation/fields.ts';
import { Alert } from '../ui/alert.tsx';
import { AuthLayout } from '../ui/auth-layout.tsx';
import { Button } from '../ui/button.tsx';
import { NewPasswordField } from '../ui/new-password-field.tsx';
import { ContinueWith } from './oauth/continue-with.tsx';
import { holdSignUpPassword } from './pending-sign-up.ts';
import { identifierQuery, useIdentifier } from './use-identifier.tsx';

export function SignUpPage() {
  const auth = useAuth();
  const navigate = useNavigate();
  const identifier = useIdentifier();
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const submit = useSubmit();

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const id = identifier.validate();
    const problem = validateNewPassword(password);
    setPasswordError(problem);
    if (!id) return;
    if (problem) return passwordRef.current?.focus();
    await submit.run(async () => {
      const options = { emailRedirectTo: `${window.location.origin}/auth/callback?from=signup` };
      const { data, error } = await auth.signUp({ ...id, password, options });
      const weak = weakPasswordSentence(error);
      if (weak) {
        setPasswordError(weak);
        passwordRef.current?.focus();
        return;
      }
      if (error) return { error };
      // With a session the provider moves on; without one the address must be confirmed first.
      if (data.session) return;
      if ('email' in id) holdSignUpPassword(id.email, password);
      // No identities: Auth answers so for an address it already knows — one with an account
      // (no code is sent) or with an invitation (the code is sent, the password is not taken).
      const known = 'email' in id && data.user?.identities?.length === 0;
      navigate(`/verify?${identifierQuery(id)}${known ? '&reason=known' : ''}`);
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
        {identifier.fields}
        <NewPasswordField
          ref={passwordRef}
          label="Password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={passwordError}
          required
        />
        <Button type="submit" block pending={submit.pending}>
          {submit.pending ? 'Creating account…' : 'Create account'}
        </Button>
      </form>
      <ContinueWith divider />
    </AuthLayout>
  );
}
