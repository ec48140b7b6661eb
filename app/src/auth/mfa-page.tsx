// /mfa: the second step after signing in, whenever the session is at aal1 and the user has a
// verified authenticator. Nothing else is shown until it is done; MFA_CHALLENGE_VERIFIED then
// continues to the page the user wanted.
import { useQuery } from '@tanstack/react-query';
import { Navigate } from 'react-router';
import { describeError } from '../lib/errors/describe-error.ts';
import { peekReturnTo } from '../lib/session/paths.ts';
import { useSession } from '../lib/session/session-context.ts';
import { useAuth } from '../lib/supabase.ts';
import { Alert } from '../ui/alert.tsx';
import { AuthLayout } from '../ui/auth-layout.tsx';
import { Button } from '../ui/button.tsx';
import { PageLoading } from '../ui/page-loading.tsx';
import { CodeForm } from './code-form.tsx';

export function MfaPage() {
  const auth = useAuth();
  const { state, signOut } = useSession();
  const signedIn = state.status === 'signed-in';
  const factors = useQuery({
    queryKey: ['mfa', 'factors', signedIn ? state.user.id : null],
    enabled: signedIn,
    queryFn: async () => {
      const { data, error } = await auth.mfa.listFactors();
      if (error) throw error;
      return data.totp.filter((f) => f.status === 'verified');
    },
  });

  if (state.status === 'loading') return <PageLoading />;
  if (state.status === 'signed-out') return <Navigate to="/sign-in" replace />;
  if (!state.needsMfa) return <Navigate to={peekReturnTo() ?? '/'} replace />;
  if (factors.isPending) return <PageLoading />;

  const factor = factors.data?.[0];
  return (
    <AuthLayout
      title="Two-step verification"
      lead="Open your authenticator app and enter the 6-digit code it shows for Sheaf."
      footer={
        <Button variant="secondary" onClick={() => void signOut('local')}>
          Sign out
        </Button>
      }
    >
      {factors.error ? <Alert tone="error">{describeError(factors.error).message}</Alert> : null}
      {factor ? (
        <CodeForm
          label={`Code from ${factor.friendly_name || 'your authenticator app'}`}
          submitLabel="Verify"
          pendingLabel="Verifying…"
          verify={(code) => auth.mfa.challengeAndVerify({ factorId: factor.id, code })}
        />
      ) : null}
    </AuthLayout>
  );
}
