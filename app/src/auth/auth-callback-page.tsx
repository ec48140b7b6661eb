// /auth/callback: where links from emails land. A PKCE ?code= is exchanged by the client as it
// starts; a ?token_hash=&type= is verified here; errors in the URL become sentences. Once the
// session is there we continue to ?next= (same-origin), /mfa, or the page the user wanted. A
// PKCE link opened in another browser says what Auth did anyway (?from= names the link's purpose).
import type { EmailOtpType } from '@supabase/supabase-js';
import { useEffect, useState } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { describeError, hasMessage, messageFor } from '../lib/errors/describe-error.ts';
import { safePath } from '../lib/safe-path.ts';
import { useSession } from '../lib/session/session-context.ts';
import { peekReturnTo } from '../lib/session/paths.ts';
import { useAuth } from '../lib/supabase.ts';
import { Alert } from '../ui/alert.tsx';
import { AuthLayout } from '../ui/auth-layout.tsx';
import { PageLoading } from '../ui/page-loading.tsx';
import { isVerifierMissing, LinkOpenedElsewhere, linkPurpose } from './link-elsewhere.tsx';

const OTP_TYPES: EmailOtpType[] = [
  'signup',
  'invite',
  'magiclink',
  'recovery',
  'email_change',
  'email',
];

const LINK_EXPIRED =
  'This link has expired or was already used. Ask for a new one, or sign in if your email is confirmed.';

/** An error the server put in the query or the fragment (?error=…&error_code=…). */
function errorFromUrl(search: URLSearchParams): string | null {
  const hash = new URLSearchParams(window.location.hash.slice(1));
  const code = search.get('error_code') ?? hash.get('error_code');
  const error = search.get('error') ?? hash.get('error');
  if (!code && !error) return null;
  if (code === 'otp_expired') return LINK_EXPIRED;
  if (code && hasMessage(code)) return messageFor(code);
  return LINK_EXPIRED;
}

export function AuthCallbackPage() {
  const auth = useAuth();
  const { state } = useSession();
  const [params] = useSearchParams();
  const [problem, setProblem] = useState<string | null>(() => errorFromUrl(params));
  // The first of two email-change links: accepted, the other address must confirm too.
  const halfConfirmed =
    !params.get('code') &&
    (params.has('message') || new URLSearchParams(window.location.hash.slice(1)).has('message'));
  const [finished, setFinished] = useState(false);
  const [elsewhere, setElsewhere] = useState(false);

  useEffect(() => {
    if (problem || halfConfirmed) return;
    let cancelled = false;
    void (async () => {
      const tokenHash = params.get('token_hash');
      const type = params.get('type') as EmailOtpType | null;
      let error: unknown = null;
      if (tokenHash && type && OTP_TYPES.includes(type)) {
        ({ error } = await auth.verifyOtp({ token_hash: tokenHash, type }));
      } else {
        // initialize() hands back the outcome of exchanging ?code= as the client started.
        ({ error } = await auth.initialize());
      }
      if (cancelled) return;
      // A ?code= this browser holds no PKCE verifier for is not exchanged at all (auth-js only
      // treats it as a callback when the verifier is there), or fails with the verifier missing.
      const unclaimed = !error && !!params.get('code') && !(await auth.getSession()).data.session;
      if (cancelled) return;
      if (unclaimed || isVerifierMissing(error)) setElsewhere(true);
      else if (error) setProblem(describeError(error).message);
      setFinished(true);
    })();
    return () => {
      cancelled = true;
    };
  }, [auth, params, problem, halfConfirmed]);

  if (elsewhere && state.status !== 'signed-in')
    return <LinkOpenedElsewhere purpose={linkPurpose(params.get('from'))} />;
  if (halfConfirmed && !problem)
    return (
      <AuthLayout
        title="One more step"
        footer={<Link to="/settings/security">Back to your settings</Link>}
      >
        <Alert tone="info">
          This address is confirmed. Now open the link we sent to your other address to finish
          changing your email.
        </Alert>
      </AuthLayout>
    );
  if (!problem && state.status === 'signed-in') {
    const next = state.recovering
      ? '/reset-password'
      : state.needsMfa
        ? '/mfa'
        : (safePath(params.get('next')) ?? peekReturnTo() ?? '/');
    return <Navigate to={next} replace />;
  }
  if (!problem && (!finished || state.status === 'loading'))
    return <PageLoading label="Signing you in…" />;

  return (
    <AuthLayout
      title="This link did not work"
      footer={
        <>
          <Link to="/sign-in">Sign in</Link> · <Link to="/sign-up">Create an account</Link>
        </>
      }
    >
      <Alert tone="error">
        {problem ??
          'This link has no sign-in in it any more. If you were confirming your email, it may already be confirmed: sign in to continue.'}
      </Alert>
    </AuthLayout>
  );
}
