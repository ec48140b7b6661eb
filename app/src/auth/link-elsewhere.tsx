// An email link opened in another browser than the one that asked for it. Auth has already done
// what the link was for (confirmed the address, or the email change) before sending the browser
// back here, but only the browser that asked holds the PKCE verifier that turns it into a
// session. So say what did happen, and offer the way on from this browser.
import { Link } from 'react-router';
import { Alert } from '../ui/alert.tsx';
import { ContinueWith } from './oauth/continue-with.tsx';
import { AuthLayout } from '../ui/auth-layout.tsx';

/**
 * What the link was for: `from` in the redirect URL the app gave Auth. `provider` is the
 * confirmation Auth emails when a provider did not vouch for the address a newcomer continued
 * with: Auth sends it without PKCE, so it never signs anyone in here.
 */
export type LinkPurpose = 'signup' | 'email_change' | 'recovery' | 'magiclink' | 'provider';

export function linkPurpose(value: string | null): LinkPurpose {
  return value === 'signup' || value === 'email_change' || value === 'recovery'
    ? value
    : 'magiclink';
}

/** True for auth-js's error when this browser has no PKCE verifier for the code it exchanges. */
export function isVerifierMissing(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const e = error as { name?: unknown; code?: unknown };
  return e.name === 'AuthPKCECodeVerifierMissingError' || e.code === 'pkce_code_verifier_not_found';
}

export function LinkOpenedElsewhere({ purpose }: { purpose: LinkPurpose }) {
  if (purpose === 'signup' || purpose === 'provider')
    return (
      <AuthLayout
        title="Your email address is confirmed"
        lead="Your Sheaf account is ready."
        footer={<Link to="/sign-in/code">Sign in with a code instead</Link>}
      >
        {purpose === 'provider' ? (
          <>
            <Alert tone="info">
              Continue with the same provider as before to sign in: it now finds your account.
            </Alert>
            <ContinueWith />
          </>
        ) : (
          <>
            <Alert tone="info">
              You opened the link in a different browser from the one you signed up in, so you are
              not signed in here yet. Sign in with your email address and password to continue.
            </Alert>
            <Link className="button button--primary button--block" to="/sign-in">
              Sign in
            </Link>
          </>
        )}
      </AuthLayout>
    );
  if (purpose === 'email_change')
    return (
      <AuthLayout
        title="Your new email address is confirmed"
        footer={<Link to="/sign-in/code">Sign in with a code instead</Link>}
      >
        <Alert tone="info">
          From now on you sign in with the new address. You opened the link in another browser, so
          you are not signed in here: sign in to continue.
        </Alert>
        <Link className="button button--primary button--block" to="/sign-in">
          Sign in
        </Link>
      </AuthLayout>
    );
  const what = purpose === 'recovery' ? 'password reset' : 'sign-in';
  return (
    <AuthLayout
      title="Open this link where you asked for it"
      footer={
        <>
          <Link to="/sign-in">Sign in with a password</Link> ·{' '}
          <Link to="/sign-up">Create an account</Link>
        </>
      }
    >
      <Alert tone="info">
        This {what} link only works in the browser where you asked for it. Open it there, or
        {purpose === 'recovery' ? ' ask for a new link here.' : ' ask for a new code here.'}
      </Alert>
      <Link
        className="button button--primary button--block"
        to={purpose === 'recovery' ? '/forgot-password' : '/sign-in/code'}
      >
        {purpose === 'recovery' ? 'Reset my password here' : 'Get a sign-in code here'}
      </Link>
    </AuthLayout>
  );
}
