// /reset-password: reached through PASSWORD_RECOVERY with a recovery session; choose a new
// password, then continue signed in. Without a session the link has expired: ask again.
import { useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { weakPasswordSentence } from '../lib/errors/weak-password.ts';
import { useSubmit } from '../lib/forms/use-submit.ts';
import { useSession } from '../lib/session/session-context.ts';
import { useAuth } from '../lib/supabase.ts';
import { validateNewPassword } from '../lib/validation/fields.ts';
import { Alert } from '../ui/alert.tsx';
import { AuthLayout } from '../ui/auth-layout.tsx';
import { Button } from '../ui/button.tsx';
import { PageLoading } from '../ui/page-loading.tsx';
import { NewPasswordField } from '../ui/new-password-field.tsx';

export function ResetPasswordPage() {
  const auth = useAuth();
  const navigate = useNavigate();
  const { state } = useSession();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const submit = useSubmit();

  if (state.status === 'loading') return <PageLoading />;
  if (state.status === 'signed-out')
    return (
      <AuthLayout title="Choose a new password" footer={<Link to="/sign-in">Back to sign in</Link>}>
        <Alert tone="error">
          This password reset has expired or was already used. Ask for a new email.
        </Alert>
        <Link className="button button--primary button--block" to="/forgot-password">
          Send a new reset email
        </Link>
      </AuthLayout>
    );

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const problem = validateNewPassword(password);
    setError(problem);
    if (problem) return passwordRef.current?.focus();
    let weak: string | null = null;
    const ok = await submit.run(async () => {
      const { error } = await auth.updateUser({ password });
      weak = weakPasswordSentence(error);
      return weak ? undefined : { error };
    });
    if (weak) {
      setError(weak);
      return passwordRef.current?.focus();
    }
    if (ok) navigate('/', { replace: true, state: { notice: 'Your password has been changed.' } });
  }

  return (
    <AuthLayout
      title="Choose a new password"
      lead={
        <>
          For <strong>{state.user.email ?? state.user.phone}</strong>.
        </>
      }
    >
      {submit.error ? <Alert tone="error">{submit.error}</Alert> : null}
      <form className="form" onSubmit={onSubmit} noValidate aria-label="Choose a new password">
        <NewPasswordField
          ref={passwordRef}
          label="New password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={error}
          autoFocus
          required
        />
        <Button type="submit" block pending={submit.pending}>
          {submit.pending ? 'Saving…' : 'Save password and continue'}
        </Button>
      </form>
    </AuthLayout>
  );
}
