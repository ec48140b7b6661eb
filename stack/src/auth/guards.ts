// The guards a route in the table can name, as Supabase Auth's middleware applies them: a user
// session (requireAuthentication: the bearer JWT verified, its user and session alive), admin
// credentials (requireAdminCredentials: a service_role JWT or the secret key), and the aal2
// rules for accounts with MFA on.
import type { JWTPayload } from 'jose';
import { bearerToken, resolveToken, type TokenIdentity } from '../context/caller.ts';
import type { ApiKey, Keys } from '../keys/keys.ts';
import { authError, type AuthError } from './errors.ts';
import type { AuthStore } from './store/index.ts';
import type { FactorRow, UserRow } from './store/rows.ts';

/** A request signed in as a user: requireAuthentication's result. */
export interface UserSession {
  user: UserRow;
  claims: JWTPayload & Record<string, unknown>;
  /** The session of the token's session_id claim (absent in tokens minted without one). */
  sessionId: string | undefined;
  aal: string;
  /** The session started more than 24 hours ago (or there is none). */
  olderThanADay: boolean;
  token: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ADMIN_ROLES = new Set(['service_role', 'supabase_admin']);

/** The token's identity, or bad_jwt with the verifier's words, as Supabase Auth answers. */
async function identityOf(
  keys: Keys,
  token: string,
  accept: 'jwt' | 'jwt-or-key',
): Promise<TokenIdentity> {
  const resolved = await resolveToken(keys, token, accept);
  if (resolved.ok) return resolved.value;
  throw authError(
    'bad_jwt',
    `invalid JWT: unable to parse or verify signature, ${resolved.failure.detail}`,
  );
}

/** The user and session of the bearer token, with Supabase Auth's errors when there are none. */
export async function requireSession(
  keys: Keys,
  store: AuthStore,
  request: Request,
): Promise<UserSession> {
  const token = bearerToken(request);
  if (!token) throw authError('no_authorization', 'This endpoint requires a valid Bearer token');
  const claims = (await identityOf(keys, token, 'jwt')).claims as JWTPayload &
    Record<string, unknown>;
  const sub = typeof claims.sub === 'string' ? claims.sub : '';
  if (!sub) throw authError('bad_jwt', 'invalid claim: missing sub claim');
  if (!UUID.test(sub)) throw authError('bad_jwt', 'invalid claim: sub claim must be a UUID', 400);
  const sid = typeof claims.session_id === 'string' ? claims.session_id : '';
  if (sid && !UUID.test(sid))
    throw authError('bad_jwt', 'invalid claim: session_id claim must be a UUID');
  const { user, session } = await store.transaction(async (q) => ({
    user: await q.findUserById(sub),
    session: sid ? await q.findSession(sid, sub) : undefined,
  }));
  if (!user) throw authError('user_not_found', 'User from sub claim in JWT does not exist', 403);
  if (sid && !session)
    throw authError('session_not_found', 'Session from session_id claim in JWT does not exist');
  if (user.banned) throw authError('user_banned', 'User is banned', 403);
  return {
    user,
    claims,
    sessionId: sid || undefined,
    aal: session?.aal ?? 'aal1',
    olderThanADay: session?.olderThanADay ?? true,
    token,
  };
}

/**
 * Admin credentials: a service_role (or supabase_admin) JWT as the bearer token, the secret key
 * as the bearer, or the secret key alone in `apikey` (the hosted gateway turns it into a
 * service_role token). Others get no_authorization, bad_jwt or not_admin.
 */
export async function requireAdmin(
  keys: Keys,
  request: Request,
  apikey: ApiKey | undefined,
): Promise<void> {
  const token = bearerToken(request);
  if (!token) {
    if (apikey?.kind === 'secret' && apikey.role === 'service_role') return;
    throw authError('no_authorization', 'This endpoint requires a valid Bearer token');
  }
  const who = await identityOf(keys, token, 'jwt-or-key');
  const role = who.via === 'key' ? who.key.role : who.claims.role;
  if (typeof role !== 'string' || !ADMIN_ROLES.has(role))
    throw authError('not_admin', 'User not allowed');
}

/**
 * When an account with a verified factor must be at aal2: `applies` says whether this request
 * is one of the guarded kind, `refuse` is Supabase Auth's answer for the route.
 */
export interface Aal2Rule<P> {
  applies(params: P, user: UserRow, factors: FactorRow[]): boolean;
  refuse(): AuthError;
}

/** Applies the route's aal2 rule to a session below aal2. */
export async function checkAal2<P>(
  rule: Aal2Rule<P>,
  params: P,
  session: UserSession,
  store: AuthStore,
): Promise<void> {
  if (session.aal === 'aal2') return;
  const factors = await store.factorsOf(session.user.id);
  if (!factors.some((f) => f.status === 'verified')) return;
  if (rule.applies(params, session.user, factors)) throw rule.refuse();
}

/** The aal2 rules of the routes that have one. */
export const AAL2 = {
  /** PUT /user: a new password, email or phone needs aal2 once MFA is on. */
  toChangeCredentials: {
    applies: (p: { password?: string; email: string; phone: string }, user) =>
      !!p.password ||
      (p.email !== '' && p.email.trim().toLowerCase() !== user.email) ||
      (p.phone !== '' && p.phone.replace(/[\s+\-()]/g, '') !== user.phone),
    refuse: () =>
      authError(
        'insufficient_aal',
        'AAL2 session is required to update email or password when MFA is enabled.',
        401,
      ),
  } satisfies Aal2Rule<{ password?: string; email: string; phone: string }>,
  /** POST /factors: a further factor needs aal2 once one is verified. */
  toEnrollAnotherFactor: {
    applies: () => true,
    refuse: () => authError('insufficient_aal', 'AAL2 required to enroll a new factor'),
  } satisfies Aal2Rule<unknown>,
  /** DELETE /factors/{id}: removing a verified factor needs aal2. */
  toRemoveVerifiedFactor: {
    applies: (p: { factor_id: string }, _user, factors) =>
      factors.some((f) => f.id === p.factor_id && f.status === 'verified'),
    refuse: () => authError('insufficient_aal', 'AAL2 required to unenroll verified factor', 422),
  } satisfies Aal2Rule<{ factor_id: string }>,
};
