// Builds the signed-in state from a session: the assurance levels (read from the session
// locally), and — without holding up the first page — the claims through getClaims(), verified
// against the JWKS (a round trip the first time, cached afterwards). Offline (or with the server
// not answering) an expired session cannot be refreshed and auth-js answers none, though it keeps
// it for later: the person stays signed in on this device with what it kept (sessionOrKept), and
// the session is refreshed as soon as the server answers (or ended, if it was revoked meanwhile).
import type { JwtPayload, Session } from '@supabase/supabase-js';
import { keptSession } from '../auth-client.ts';
import { isOnline } from '../reachability.ts';
import type { Auth } from '../supabase.ts';
import type { SignedIn } from './session-context.ts';

/** The signed-in state, claims not yet verified (null). */
export async function describeSession(
  auth: Auth,
  session: Session,
  recovering = false,
): Promise<SignedIn> {
  const aalResult = await auth.mfa.getAuthenticatorAssuranceLevel().catch(() => null);
  const current = aalResult?.data?.currentLevel ?? null;
  const next = aalResult?.data?.nextLevel ?? null;
  return {
    status: 'signed-in',
    session,
    user: session.user,
    claims: null,
    aal: { current, next },
    needsMfa: current === 'aal1' && next === 'aal2',
    recovering,
  };
}

/** `session`, or — when there is none only because the network is gone — the one kept here. */
export async function sessionOrKept(auth: Auth, session: Session | null): Promise<Session | null> {
  if (session || isOnline()) return session;
  return keptSession(auth);
}

/** The session's claims verified by getClaims(); null when they cannot be checked (offline). */
export async function verifiedClaims(auth: Auth): Promise<JwtPayload | null> {
  const result = await auth.getClaims().catch(() => null);
  return result && !result.error ? (result.data?.claims ?? null) : null;
}
