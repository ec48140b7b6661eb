// Authentication of the caller for /user, /logout, /factors, /reauthenticate: the bearer JWT
// verified, its sub and session_id resolved to a user and a live session, with Supabase Auth's
// errors (no_authorization, bad_jwt, user_not_found, session_not_found).
import type { Context } from 'hono';
import type { JWTPayload } from 'jose';
import { bearerToken } from '../context/caller.ts';
import type { AuthDeps } from './deps.ts';
import { authError } from './errors.ts';
import { findUserById, type UserRow } from './users.ts';

export interface Authenticated {
  user: UserRow;
  claims: JWTPayload & Record<string, unknown>;
  sessionId: string | undefined;
  aal: string;
  token: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Verifies the bearer token's signature and expiry; returns its claims. */
export async function verifyBearer(
  deps: AuthDeps,
  c: Context,
): Promise<{ token: string; claims: JWTPayload & Record<string, unknown> }> {
  const token = bearerToken(c);
  if (!token) throw authError('no_authorization', 'This endpoint requires a valid Bearer token');
  try {
    const claims = (await deps.ctx.keys.verify(token)) as JWTPayload & Record<string, unknown>;
    return { token, claims };
  } catch (error) {
    throw authError(
      'bad_jwt',
      `invalid JWT: unable to parse or verify signature, ${(error as Error).message}`,
    );
  }
}

export async function authenticate(deps: AuthDeps, c: Context): Promise<Authenticated> {
  const { token, claims } = await verifyBearer(deps, c);
  const sub = typeof claims.sub === 'string' ? claims.sub : '';
  if (!sub) throw authError('bad_jwt', 'invalid claim: missing sub claim');
  if (!UUID.test(sub)) throw authError('bad_jwt', 'invalid claim: sub claim must be a UUID', 400);
  const user = await findUserById(deps.ctx.db, sub);
  if (!user) throw authError('user_not_found', 'User from sub claim in JWT does not exist', 403);
  const sid = typeof claims.session_id === 'string' ? claims.session_id : '';
  let aal = 'aal1';
  if (sid) {
    if (!UUID.test(sid))
      throw authError('bad_jwt', 'invalid claim: session_id claim must be a UUID');
    const { rows } = await deps.ctx.db.query<{ aal: string | null }>(
      'select aal::text as aal from auth.sessions where id = $1 and user_id = $2',
      [sid, sub],
    );
    if (!rows[0])
      throw authError('session_not_found', 'Session from session_id claim in JWT does not exist');
    aal = rows[0].aal ?? 'aal1';
  }
  if (user.banned) throw authError('user_banned', 'User is banned', 403);
  return { user, claims, sessionId: sid || undefined, aal, token };
}
