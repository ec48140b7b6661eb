// Sessions and tokens: creating a session (auth.sessions, auth.refresh_tokens, mfa_amr_claims),
// signing access tokens with Supabase's claims, and the refresh grant with rotation and reuse
// detection (`refresh_token_reuse_interval`).
import { audit } from './audit.ts';
import { randomBytes, randomUUID } from 'node:crypto';
import { isIP } from 'node:net';
import type { Queryable } from '../db/adapter.ts';
import { issuer, type AuthDeps } from './deps.ts';
import { authError } from './errors.ts';
import { findUserById, identitiesOf, factorsOf, userJson, type UserRow } from './users.ts';

export interface AmrEntry {
  method: string;
  timestamp: number;
}

export interface TokenResponse {
  access_token: string;
  token_type: 'bearer';
  expires_in: number;
  expires_at: number;
  refresh_token: string;
  user: Record<string, unknown>;
  weak_password?: unknown;
}

/** A random URL-safe token (refresh tokens, PKCE auth codes). */
export const randomToken = (bytes = 9) => randomBytes(bytes).toString('base64url');

async function insertRefreshToken(
  tx: Queryable,
  userId: string,
  sessionId: string,
  parent: string | null,
): Promise<string> {
  const token = randomToken();
  await tx.query(
    `insert into auth.refresh_tokens (instance_id, token, user_id, revoked, created_at, updated_at, parent, session_id)
     values ('00000000-0000-0000-0000-000000000000', $1, $2, false, now(), now(), $3, $4)`,
    [token, userId, parent, sessionId],
  );
  return token;
}

/** Records an authentication method on the session (amr), replacing an older one of the same kind. */
export async function addAmrClaim(tx: Queryable, sessionId: string, method: string): Promise<void> {
  await tx.query(
    `insert into auth.mfa_amr_claims (session_id, created_at, updated_at, authentication_method, id)
     values ($1, now(), now(), $2, $3)
     on conflict (session_id, authentication_method) do update set updated_at = now()`,
    [sessionId, method, randomUUID()],
  );
}

async function amrOf(tx: Queryable, sessionId: string): Promise<AmrEntry[]> {
  const { rows } = await tx.query<{ method: string; at: string }>(
    `select authentication_method as method, floor(extract(epoch from updated_at))::text as at
     from auth.mfa_amr_claims where session_id = $1 order by updated_at desc`,
    [sessionId],
  );
  return rows.map((r) => ({ method: r.method, timestamp: Number(r.at) }));
}

/** Signs an access token for the user and session with the session's aal and amr. */
export async function signAccessToken(
  deps: AuthDeps,
  tx: Queryable,
  user: UserRow,
  sessionId: string,
): Promise<{ token: string; expiresAt: number; expiresIn: number }> {
  const { rows } = await tx.query<{ aal: string | null }>(
    'select aal::text as aal from auth.sessions where id = $1',
    [sessionId],
  );
  const iat = Math.floor(Date.now() / 1000);
  const expiresIn = deps.ctx.config.auth.jwtExpiry;
  const token = await deps.ctx.keys.signAccessToken({
    iss: issuer(deps),
    sub: user.id,
    aud: user.aud ?? 'authenticated',
    exp: iat + expiresIn,
    iat,
    email: user.email ?? '',
    phone: user.phone ?? '',
    app_metadata: user.raw_app_meta_data ?? {},
    user_metadata: user.raw_user_meta_data ?? {},
    role: user.role || 'authenticated',
    aal: rows[0]?.aal ?? 'aal1',
    amr: await amrOf(tx, sessionId),
    session_id: sessionId,
    is_anonymous: user.is_anonymous,
  });
  return { token, expiresAt: iat + expiresIn, expiresIn };
}

async function tokenResponse(
  deps: AuthDeps,
  tx: Queryable,
  userId: string,
  sessionId: string,
  refreshToken: string,
): Promise<TokenResponse> {
  const user = (await findUserById(tx, userId))!;
  const { token, expiresAt, expiresIn } = await signAccessToken(deps, tx, user, sessionId);
  return {
    access_token: token,
    token_type: 'bearer',
    expires_in: expiresIn,
    expires_at: expiresAt,
    refresh_token: refreshToken,
    user: userJson(user, await identitiesOf(tx, userId), await factorsOf(tx, userId)),
  };
}

/** Starts a new aal1 session for the user signed in with `method` (password, otp, …). */
export async function issueSession(
  deps: AuthDeps,
  tx: Queryable,
  userId: string,
  method: string,
  meta: { userAgent?: string; ip?: string } = {},
): Promise<TokenResponse> {
  const sessionId = randomUUID();
  await tx.query(
    `insert into auth.sessions (id, user_id, created_at, updated_at, aal, user_agent, ip)
     values ($1, $2, now(), now(), 'aal1', $3, $4::inet)`,
    [sessionId, userId, meta.userAgent ?? null, validIp(meta.ip)],
  );
  await addAmrClaim(tx, sessionId, method);
  await tx.query(
    `update auth.users set last_sign_in_at = now(), updated_at = now() where id = $1`,
    [userId],
  );
  await tx.query(`update auth.identities set last_sign_in_at = now() where user_id = $1`, [userId]);
  const refresh = await insertRefreshToken(tx, userId, sessionId, null);
  const response = await tokenResponse(deps, tx, userId, sessionId, refresh);
  const user = response.user as { id: string; email: string; phone: string };
  await audit(tx, user, 'login', meta.ip, { provider: method });
  return response;
}

/** Issues a fresh token pair for an existing session (after MFA verify raises its aal). */
export async function reissueSession(
  deps: AuthDeps,
  tx: Queryable,
  userId: string,
  sessionId: string,
): Promise<TokenResponse> {
  await tx.query(
    `update auth.refresh_tokens set revoked = true, updated_at = now() where session_id = $1 and not revoked`,
    [sessionId],
  );
  const refresh = await insertRefreshToken(tx, userId, sessionId, null);
  return tokenResponse(deps, tx, userId, sessionId, refresh);
}

/** The address as Postgres' inet accepts it, or null (X-Forwarded-For is client-supplied). */
export function validIp(ip: string | undefined): string | null {
  if (!ip) return null;
  const bare = ip.replace(/^::ffff:/, '');
  return isIP(bare) ? bare : null;
}

interface RefreshRow {
  id: string;
  token: string;
  user_id: string;
  revoked: boolean;
  parent: string | null;
  session_id: string | null;
  reuse_expired: boolean;
}

/** grant_type=refresh_token: rotates the token; handles reuse as Supabase Auth does. */
export async function refreshGrant(deps: AuthDeps, refreshToken: string): Promise<TokenResponse> {
  const { config } = deps.ctx;
  const interval = config.auth.refreshTokenReuseInterval;
  let failure: Error | undefined;
  const result = await deps.ctx.db.transaction(async (tx) => {
    const { rows } = await tx.query<RefreshRow>(
      `select id::text, token, user_id, revoked, parent, session_id,
         now() > updated_at + make_interval(secs => $2) as reuse_expired
       from auth.refresh_tokens where token = $1 for update`,
      [refreshToken, interval],
    );
    const row = rows[0];
    if (!row)
      throw authError('refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
    const user = await findUserById(tx, row.user_id);
    if (!user)
      throw authError('refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
    if (user.banned) throw authError('user_banned', 'Invalid Refresh Token: User Banned');
    const session = row.session_id
      ? (
          await tx.query<{ id: string; expired: boolean }>(
            `select id, ${sessionExpiredSql(config.auth.sessions)} as expired
             from auth.sessions where id = $1 for update`,
            [row.session_id],
          )
        ).rows[0]
      : undefined;
    if (!session) {
      await tx.query('delete from auth.refresh_tokens where id = $1', [row.id]);
      throw authError('session_not_found', 'Invalid Refresh Token: No Valid Session Found');
    }
    if (session.expired)
      throw authError('session_expired', 'Invalid Refresh Token: Session Expired');
    let issued: string | undefined;
    if (row.revoked) {
      const active = await tx.query<{ token: string; parent: string | null }>(
        `select token, parent from auth.refresh_tokens
         where session_id = $1 and not revoked order by id desc limit 1`,
        [session.id],
      );
      if (active.rows[0] && active.rows[0].parent === row.token) issued = active.rows[0].token;
      else if (row.reuse_expired) {
        // Outside the reuse interval: treat as theft and end the whole session.
        if (config.auth.enableRefreshTokenRotation)
          await tx.query('delete from auth.sessions where id = $1', [session.id]);
        failure = authError('refresh_token_already_used', 'Invalid Refresh Token: Already Used');
        return undefined;
      }
    }
    if (!issued) {
      await tx.query(
        'update auth.refresh_tokens set revoked = true, updated_at = now() where id = $1',
        [row.id],
      );
      issued = await insertRefreshToken(tx, user.id, session.id, row.token);
    }
    await tx.query(
      `update auth.sessions set refreshed_at = now() at time zone 'UTC', updated_at = now() where id = $1`,
      [session.id],
    );
    await audit(tx, user, 'token_refreshed');
    return tokenResponse(deps, tx, user.id, session.id, issued);
  });
  if (failure) throw failure;
  return result!;
}

/** SQL deciding whether a session ran past `[auth.sessions]` timebox / inactivity timeout. */
export function sessionExpiredSql(sessions: {
  timeboxMs: number;
  inactivityTimeoutMs: number;
}): string {
  const parts = ['false'];
  if (sessions.timeboxMs > 0)
    parts.push(`now() > created_at + interval '${Math.floor(sessions.timeboxMs)} milliseconds'`);
  if (sessions.inactivityTimeoutMs > 0)
    parts.push(
      `now() > coalesce(refreshed_at at time zone 'UTC', updated_at) + interval '${Math.floor(sessions.inactivityTimeoutMs)} milliseconds'`,
    );
  return `(${parts.join(' or ')})`;
}
