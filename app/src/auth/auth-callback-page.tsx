// /auth/callback: where links from emails land, and where an OAuth provider sends the browser
// back (?from=oauth to sign in, ?from=link to link an account in settings). A ?token_hash=&type= (Sheaf's invitation, sign-in
// and recovery emails) is verified here, in whichever browser opens it; a PKCE ?code= is
// exchanged by the client as it starts; errors in the URL become sentences. Once the session is
// there we continue to ?next= (same-origin), /mfa, a newcomer's shared notebook, or the page the
// user wanted. A PKCE link opened in another browser says what Auth did anyway (?from= names
// the link's purpose); so does an older email's link that Auth answered with tokens in the
// fragment (an implicit-flow redirect, which this PKCE app does not take). An invitation link
// that no longer works leads to a sign-in code for the invited address.
import type { EmailOtpType, User } from '@supabase/supabase-js';
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
import { arrivalPath, invitationOf } from './arrival.ts';
import { InvitationSignIn } from './invitation-sign-in.tsx';
import {
  isVerifierMissing,
  LinkOpenedElsewhere,
  linkPurpose,
  type LinkPurpose,
} from './link-elsewhere.tsx';

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

const EMAILED_TO_CONFIRM =
  'That provider has not confirmed your email address, so we emailed you a link to confirm it. Open the link, then continue with the provider again to sign in.';

const PROVIDER_FAILED =
  'Signing in with that provider did not finish. Try again, or sign in another way.';

/** Where the redirect came back from: a provider (sign-in or linking), or an email's link. */
function isProviderReturn(search: URLSearchParams): boolean {
  const from = search.get('from');
  return from === 'oauth' || from === 'link';
}

/** An error the server put in the query or the fragment (?error=…&error_code=…). */
function errorFromUrl(search: URLSearchParams, fragment: URLSearchParams): string | null {
  const code = search.get('error_code') ?? fragment.get('error_code');
  const error = search.get('error') ?? fragment.get('error');
  if (!code && !error) return null;
  if (code === 'otp_expired') return LINK_EXPIRED;
  const description = search.get('error_description') ?? fragment.get('error_description');
  // Auth emailed the address a confirmation link (it does when the address has no account yet).
  if (
    code === 'provider_email_needs_verification' &&
    /confirmation email has been sent/i.test(description ?? '')
  )
    return EMAILED_TO_CONFIRM;
  if (code && hasMessage(code)) return messageFor(code);
  if (isProviderReturn(search)) {
    // The person said no at the provider, or Auth's own sentence (e.g. an unverified email).
    if (error === 'access_denied') return 'You did not allow Sheaf to use that account.';
    return description ?? PROVIDER_FAILED;
  }
  return LINK_EXPIRED;
}

/** The address in an access token's claims (only to suggest it in a form; never trusted). */
function emailOfToken(token: string | null): string | null {
  try {
    const payload = token?.split('.')[1];
    if (!payload) return null;
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const email = (JSON.parse(json) as { email?: unknown }).email;
    return typeof email === 'string' && email ? email : null;
  } catch {
    return null;
  }
}

type Outcome =
  | { kind: 'working' }
  /** Signed in as `userId`: go to `to` once the session shows that user. */
  | { kind: 'signed-in'; userId: string; to: string }
  | { kind: 'problem'; message: string }
  | { kind: 'half-confirmed' }
  | { kind: 'elsewhere'; purpose: LinkPurpose }
  | { kind: 'invitation'; email: string | null; accepted: boolean };

/** The URL as it arrived: its query, and its fragment (read once, before anything clears it). */
function readLink(search: URLSearchParams) {
  const fragment = new URLSearchParams(window.location.hash.slice(1));
  const type = search.get('type') ?? fragment.get('type');
  return {
    fragment,
    tokenHash: search.get('token_hash'),
    type: type && OTP_TYPES.includes(type as EmailOtpType) ? (type as EmailOtpType) : null,
    /** Tokens in the fragment: Auth's implicit-flow redirect (an invitation's /verify link). */
    implicit: fragment.has('access_token'),
  };
}

function firstOutcome(search: URLSearchParams, link: ReturnType<typeof readLink>): Outcome {
  if (link.implicit) {
    if (link.type === 'invite')
      return {
        kind: 'invitation',
        email: emailOfToken(link.fragment.get('access_token')),
        accepted: true,
      };
    // The confirmation Auth emails when a provider did not vouch for a newcomer's address.
    if (link.type === 'signup' && search.get('from') === 'oauth')
      return { kind: 'elsewhere', purpose: 'provider' };
    return {
      kind: 'elsewhere',
      purpose: linkPurpose(link.type === 'email' ? 'signup' : link.type),
    };
  }
  const problem = errorFromUrl(search, link.fragment);
  if (problem) return { kind: 'problem', message: problem };
  // The first of two email-change links: accepted, the other address must confirm too.
  if (!search.get('code') && (search.has('message') || link.fragment.has('message')))
    return { kind: 'half-confirmed' };
  return { kind: 'working' };
}

export function AuthCallbackPage() {
  const auth = useAuth();
  const { state } = useSession();
  const [params] = useSearchParams();
  const [link] = useState(() => readLink(params));
  const [outcome, setOutcome] = useState<Outcome>(() => firstOutcome(params, link));

  useEffect(() => {
    // Tokens this app does not take stay out of the address bar and the history.
    if (link.implicit)
      window.history.replaceState(window.history.state, '', window.location.pathname);
  }, [link]);

  const working = outcome.kind === 'working';
  useEffect(() => {
    if (!working) return;
    let cancelled = false;
    const next = safePath(params.get('next'));
    const signedIn = (user: User) =>
      setOutcome({
        kind: 'signed-in',
        userId: user.id,
        to: next ?? arrivalPath(user) ?? peekReturnTo() ?? '/',
      });
    /** A used invitation is no problem for the person it was for, signed in here already. */
    async function usedInvitation(email: string | null): Promise<Outcome> {
      const user = (await auth.getSession()).data.session?.user;
      const theirs = !!user && !!email && user.email?.toLowerCase() === email.toLowerCase();
      if (!theirs) return { kind: 'invitation', email, accepted: false };
      const notebook = invitationOf(user)?.notebookId;
      return { kind: 'signed-in', userId: user.id, to: notebook ? `/n/${notebook}` : '/' };
    }
    void (async () => {
      if (link.tokenHash && link.type) {
        const { data, error } = await auth.verifyOtp({
          token_hash: link.tokenHash,
          type: link.type,
        });
        if (cancelled) return;
        if (!error && data.session) return signedIn(data.session.user);
        // The first of two email-change links answers without a session.
        if (!error) return setOutcome({ kind: 'half-confirmed' });
        if (link.type === 'invite' && error.code === 'otp_expired') {
          const used = await usedInvitation(link.fragment.get('email'));
          if (!cancelled) setOutcome(used);
          return;
        }
        const message = error.code === 'otp_expired' ? LINK_EXPIRED : describeError(error).message;
        return setOutcome({ kind: 'problem', message });
      }
      // initialize() hands back the outcome of exchanging ?code= as the client started.
      const { error } = await auth.initialize();
      const session = (await auth.getSession()).data.session;
      if (cancelled) return;
      // A ?code= this browser holds no PKCE verifier for is not exchanged at all (auth-js only
      // treats it as a callback when the verifier is there), or fails with the verifier missing.
      const unclaimed = !error && !!params.get('code') && !session;
      if (unclaimed || isVerifierMissing(error))
        return setOutcome({ kind: 'elsewhere', purpose: linkPurpose(params.get('from')) });
      if (error) return setOutcome({ kind: 'problem', message: describeError(error).message });
      if (session) return signedIn(session.user);
      setOutcome({
        kind: 'problem',
        message:
          'This link has no sign-in in it any more. If you were confirming your email, it may already be confirmed: sign in to continue.',
      });
    })();
    return () => {
      cancelled = true;
    };
  }, [auth, params, link, working]);

  switch (outcome.kind) {
    case 'signed-in':
      if (state.status === 'signed-in' && state.user.id === outcome.userId) {
        const to = state.recovering ? '/reset-password' : state.needsMfa ? '/mfa' : outcome.to;
        return <Navigate to={to} replace />;
      }
      return <PageLoading label="Signing you in…" />;
    case 'working':
      return <PageLoading label="Signing you in…" />;
    case 'invitation':
      return (
        <InvitationSignIn
          email={outcome.email}
          accepted={outcome.accepted}
          onSignedIn={(user) =>
            setOutcome({
              kind: 'signed-in',
              userId: user.id,
              to: arrivalPath(user) ?? invitedNotebook(user) ?? '/',
            })
          }
        />
      );
    case 'elsewhere':
      if (state.status === 'signed-in')
        return <Navigate to={safePath(params.get('next')) ?? peekReturnTo() ?? '/'} replace />;
      return <LinkOpenedElsewhere purpose={outcome.purpose} />;
    case 'half-confirmed':
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
    case 'problem':
      if (params.get('from') === 'link')
        return (
          <AuthLayout
            title="That account was not linked"
            footer={<Link to="/settings/security">Back to your sign-in methods</Link>}
          >
            <Alert tone="error">{outcome.message}</Alert>
          </AuthLayout>
        );
      return (
        <AuthLayout
          title={isProviderReturn(params) ? 'Signing in did not finish' : 'This link did not work'}
          footer={
            <>
              <Link to="/sign-in">Sign in</Link> · <Link to="/sign-up">Create an account</Link>
            </>
          }
        >
          <Alert tone="error">{outcome.message}</Alert>
        </AuthLayout>
      );
  }
}

function invitedNotebook(user: User): string | null {
  const id = invitationOf(user)?.notebookId;
  return id ? `/n/${id}` : null;
}
