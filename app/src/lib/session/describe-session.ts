// Builds the signed-in state from a session: claims through getClaims() (verified against the
// JWKS, no round trip once cached) and the assurance levels (read from the session locally).
import type { Session } from '@supabase/supabase-js';
import type { Auth } from '../supabase.ts';
import type { SignedIn } from './session-context.ts';

export async function describeSession(
  auth: Auth,
  session: Session,
  recovering = false,
): Promise<SignedIn> {
  const [claimsResult, aalResult] = await Promise.all([
    auth.getClaims().catch(() => null),
    auth.mfa.getAuthenticatorAssuranceLevel().catch(() => null),
  ]);
  const claims = claimsResult && !claimsResult.error ? (claimsResult.data?.claims ?? null) : null;
  const current = aalResult?.data?.currentLevel ?? null;
  const next = aalResult?.data?.nextLevel ?? null;
  return {
    status: 'signed-in',
    session,
    user: session.user,
    claims,
    aal: { current, next },
    needsMfa: current === 'aal1' && next === 'aal2',
    recovering,
  };
}
