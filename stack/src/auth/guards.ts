// The guards a route in the table names (context/route.ts Guard), as Supabase Auth's middleware
// applies them: `open` (no API key: the gateway lets it through), `anyKey` (any project API key,
// checked by the gateway), `user` (requireAuthentication: the bearer JWT verified, its user and
// session alive) and `admin` (requireAdminCredentials: a service_role JWT or the secret key).
// Each runs limit → caller → per-factor limit → aal2 rule, and gives back what the limit took
// when a program on this machine gets a success (rate-limit.ts).
import type { JWTPayload } from 'jose';
import {
  bearerToken,
  resolveToken,
  type HeaderSource,
  type TokenIdentity,
} from '../context/caller.ts';
import type { Guard } from '../context/route.ts';
import type { ApiKey, Keys } from '../keys/keys.ts';
import {
  isRefusal,
  staged,
  type Access,
  type AuthDeps,
  type Caller,
  type UserSession,
} from './endpoint.ts';
import { authError, type AuthError } from './errors.ts';
import { isLocal, type LimitName } from './rate-limit.ts';
import type { AuthStore } from './store/index.ts';
import type { FactorRow, UserRow } from './store/rows.ts';

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
  from: HeaderSource,
): Promise<UserSession> {
  const token = bearerToken(from);
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
  from: HeaderSource,
  apikey: ApiKey | undefined,
): Promise<void> {
  const token = bearerToken(from);
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

/** A rate-limit bucket, or a choice of bucket by the request's params. */
export type Limit<P> = LimitName | ((params: P) => LimitName);

interface Options<P> {
  /** The bucket counted per client address (rate-limit.ts, [auth.rate_limit]). */
  limit?: Limit<P>;
  /** An account with a verified MFA factor must be at aal2 for this (user routes). */
  aal2?: Aal2Rule<P>;
  /** The bucket also counts per factor (the path's factor_id), once the user is known. */
  perFactor?: true;
}

type AuthGuard<C extends Caller, P> = Guard<AuthDeps, Access<C>, AuthError, P>;

function guard<C extends Caller, P>(
  name: string,
  caller: C,
  options: Options<P>,
  open = false,
): AuthGuard<C, P> {
  const { limit, aal2, perFactor } = options;
  return {
    name,
    open,
    check: (deps, incoming, params) =>
      staged(async () => {
        const bucket = typeof limit === 'function' ? limit(params) : limit;
        const keys: string[] = [];
        const take = (key: string) => {
          deps.limiter.take(bucket!, key);
          keys.push(key);
        };
        if (bucket) take(incoming.ip);
        let session: UserSession | undefined;
        if (caller === 'user') session = await requireSession(deps.keys, deps.store, incoming);
        if (caller === 'admin') await requireAdmin(deps.keys, incoming, incoming.apikey);
        if (bucket && perFactor && session)
          // Keyed by the user too: no other account can use up the bucket of a factor not its own.
          take(`factor:${session.user.id}/${(params as { factor_id: string }).factor_id}`);
        if (aal2 && session) await checkAal2(aal2, params, session, deps.store);
        // The caller stage set `session` exactly when C is 'user', which is what Access<C> says.
        return { caller, session, taken: bucket ? { bucket, keys } : undefined } as Access<C>;
      }),
    settle(deps, { taken }, response, { ip }) {
      if (taken && isLocal(ip) && response.status < 400 && !isRefusal(response))
        for (const key of taken.keys) deps.limiter.refund(taken.bucket, key);
    },
  };
}

/** Reached without an API key (links opened from email, JWKS): the gateway leaves it open. */
export const open = <P = unknown>(options: Pick<Options<P>, 'limit'> = {}) =>
  guard('open', 'public', options, true);

/** Any project API key (the gateway checks it: server.ts). */
export const anyKey = <P = unknown>(options: Pick<Options<P>, 'limit'> = {}) =>
  guard('any API key', 'public', options);

/** A signed-in user's access token (requireAuthentication). */
export function user(options: {
  limit: Limit<{ factor_id: string }>;
  perFactor: true;
}): AuthGuard<'user', { factor_id: string }>;
export function user<P = unknown>(options?: Omit<Options<P>, 'perFactor'>): AuthGuard<'user', P>;
export function user<P>(options: Options<P> = {}): AuthGuard<'user', P> {
  return guard('user session', 'user', options);
}

/** service_role credentials (requireAdminCredentials). */
export const admin = guard('admin credentials', 'admin', {});
