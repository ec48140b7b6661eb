// /mfa: the second step after signing in, whenever the session is at aal1 and the user has a
// verified second step (an authenticator app, a phone, or a security key or passkey; with
// several, the person chooses).
// Nothing else is shown until it is done; MFA_CHALLENGE_VERIFIED then continues to the page the
// user wanted.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Navigate } from 'react-router';
import { describeError } from '../lib/errors/describe-error.ts';
import {
  byPreference,
  factorName,
  factorPhone,
  maskedPhone,
  secondFactors,
  type SecondFactor,
} from '../lib/session/second-factors.ts';
import { peekReturnTo } from '../lib/session/paths.ts';
import { useSession } from '../lib/session/session-context.ts';
import { useAuth } from '../lib/supabase.ts';
import { Alert } from '../ui/alert.tsx';
import { AuthLayout } from '../ui/auth-layout.tsx';
import { Button } from '../ui/button.tsx';
import { PageLoading } from '../ui/page-loading.tsx';
import { CodeForm } from './code-form.tsx';
import { MfaPhoneStep } from './mfa-phone-step.tsx';
import { MfaSecurityKeyStep } from './mfa-security-key-step.tsx';
import './mfa-page.css';

function choiceLabel(factor: SecondFactor): string {
  if (factor.factor_type === 'phone')
    return `Text message to the phone ending ${maskedPhone(factorPhone(factor))}`;
  return factor.factor_type === 'webauthn'
    ? `Security key or passkey: ${factorName(factor)}`
    : `Authenticator app: ${factorName(factor)}`;
}

function lead(factor: SecondFactor | undefined): string {
  if (factor?.factor_type === 'phone') return 'Enter the 6-digit code we text to your phone.';
  if (factor?.factor_type === 'webauthn') return 'Use your security key or passkey to continue.';
  return 'Open your authenticator app and enter the 6-digit code it shows for Sheaf.';
}

export function MfaPage() {
  const auth = useAuth();
  const { state, signOut } = useSession();
  const [chosenId, setChosenId] = useState<string | null>(null);
  const signedIn = state.status === 'signed-in';
  const factors = useQuery({
    queryKey: ['mfa', 'factors', signedIn ? state.user.id : null],
    enabled: signedIn,
    queryFn: async () => {
      const { data, error } = await auth.mfa.listFactors();
      if (error) throw error;
      // Security keys first (one touch), then authenticator apps: they need no text message.
      return byPreference(secondFactors(data.all).filter((f) => f.status === 'verified'));
    },
  });

  if (state.status === 'loading') return <PageLoading />;
  if (state.status === 'signed-out') return <Navigate to="/sign-in" replace />;
  if (!state.needsMfa) return <Navigate to={peekReturnTo() ?? '/'} replace />;
  if (factors.isPending) return <PageLoading />;

  const list = factors.data ?? [];
  const factor = list.find((f) => f.id === chosenId) ?? list[0];
  return (
    <AuthLayout
      title="Two-step verification"
      lead={lead(factor)}
      footer={
        <Button variant="secondary" onClick={() => void signOut('local')}>
          Sign out
        </Button>
      }
    >
      {factors.error ? <Alert tone="error">{describeError(factors.error).message}</Alert> : null}
      {list.length > 1 ? (
        <fieldset className="mfa-choice">
          <legend>Choose your second step</legend>
          {list.map((f) => (
            <label className="mfa-choice__option" key={f.id}>
              <input
                type="radio"
                name="second-step"
                value={f.id}
                checked={f.id === factor?.id}
                onChange={() => setChosenId(f.id)}
              />
              <span>{choiceLabel(f)}</span>
            </label>
          ))}
        </fieldset>
      ) : null}
      {factor?.factor_type === 'phone' ? (
        <MfaPhoneStep key={factor.id} factor={factor} />
      ) : factor?.factor_type === 'webauthn' ? (
        <MfaSecurityKeyStep key={factor.id} factor={factor} />
      ) : factor ? (
        <CodeForm
          key={factor.id}
          label={`Code from ${factor.friendly_name || 'your authenticator app'}`}
          submitLabel="Verify"
          pendingLabel="Verifying…"
          verify={(code) => auth.mfa.challengeAndVerify({ factorId: factor.id, code })}
        />
      ) : null}
      {!factors.error ? (
        <p className="mfa-choice__help">
          Lost every second step? Ask the administrator of this Sheaf to remove it, then sign in
          with your password.
        </p>
      ) : null}
    </AuthLayout>
  );
}
