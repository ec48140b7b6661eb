// auth.sessions and the authentication methods recorded on each (auth.mfa_amr_claims): starting
// a session at sign-in, its assurance level, its expiry under `[auth.sessions]`, and ending it.
import type { Queryable } from '../../db/adapter.ts';
import { inet } from './columns.ts';

export interface AmrEntry {
  method: string;
  timestamp: number;
}

/**
 * Starts an aal1 session signed in with `method` (password, otp, …) and stamps the sign-in on
 * the user and its identities.
 */
export async function startSession(
  q: Queryable,
  session: { id: string; userId: string; method: string; userAgent?: string; ip?: string },
): Promise<void> {
  await q.query(
    `insert into auth.sessions (id, user_id, created_at, updated_at, aal, user_agent, ip)
     values ($1, $2, now(), now(), 'aal1', $3, $4::inet)`,
    [session.id, session.userId, session.userAgent ?? null, inet(session.ip)],
  );
  await addAmrClaim(q, session.id, session.method);
  await q.query(`update auth.users set last_sign_in_at = now(), updated_at = now() where id = $1`, [
    session.userId,
  ]);
  await q.query(`update auth.identities set last_sign_in_at = now() where user_id = $1`, [
    session.userId,
  ]);
}

/** Records an authentication method on the session (amr), refreshing one of the same kind. */
export async function addAmrClaim(q: Queryable, sessionId: string, method: string): Promise<void> {
  await q.query(
    `insert into auth.mfa_amr_claims (session_id, created_at, updated_at, authentication_method, id)
     values ($1, now(), now(), $2, gen_random_uuid())
     on conflict (session_id, authentication_method) do update set updated_at = now()`,
    [sessionId, method],
  );
}

/** The session's assurance level and methods, newest first, as access tokens carry them. */
export async function findSessionClaims(
  q: Queryable,
  sessionId: string,
): Promise<{ aal: string; amr: AmrEntry[] }> {
  const { rows } = await q.query<{ aal: string | null }>(
    'select aal::text as aal from auth.sessions where id = $1',
    [sessionId],
  );
  const amr = await q.query<{ method: string; at: string }>(
    `select authentication_method as method, floor(extract(epoch from updated_at))::text as at
     from auth.mfa_amr_claims where session_id = $1 order by updated_at desc`,
    [sessionId],
  );
  return {
    aal: rows[0]?.aal ?? 'aal1',
    amr: amr.rows.map((r) => ({ method: r.method, timestamp: Number(r.at) })),
  };
}

/** The user's session of this id, with its level and whether it is older than a day. */
export async function findSession(
  q: Queryable,
  sessionId: string,
  userId: string,
): Promise<{ aal: string; olderThanADay: boolean } | undefined> {
  const { rows } = await q.query<{ aal: string | null; old: boolean }>(
    `select aal::text as aal, created_at < now() - interval '24 hours' as old
     from auth.sessions where id = $1 and user_id = $2`,
    [sessionId, userId],
  );
  return rows[0] && { aal: rows[0].aal ?? 'aal1', olderThanADay: rows[0].old };
}

/** Locks the session for a refresh; `expired` past the timebox or the inactivity timeout (ms, 0 = off). */
export async function lockSession(
  q: Queryable,
  sessionId: string,
  limits: { timeboxMs: number; inactivityTimeoutMs: number },
): Promise<{ id: string; expired: boolean } | undefined> {
  const { rows } = await q.query<{ id: string; expired: boolean }>(
    `select id,
       ($2::float8 > 0 and now() > created_at + make_interval(secs => $2::float8 / 1000))
       or ($3::float8 > 0 and now() > coalesce(refreshed_at at time zone 'UTC', updated_at)
         + make_interval(secs => $3::float8 / 1000)) as expired
     from auth.sessions where id = $1 for update`,
    [sessionId, limits.timeboxMs, limits.inactivityTimeoutMs],
  );
  return rows[0];
}

/** A token of the session was refreshed: when, and from which user agent and address (Supabase
 * Auth updates these three and leaves updated_at alone). */
export async function markSessionRefreshed(
  q: Queryable,
  sessionId: string,
  from: { userAgent?: string | null; ip?: string },
): Promise<void> {
  await q.query(
    `update auth.sessions
     set refreshed_at = now() at time zone 'UTC', user_agent = $2, ip = $3::inet
     where id = $1`,
    [sessionId, from.userAgent ?? null, inet(from.ip)],
  );
}

/** A factor was verified in this session: it is now aal2, bound to that factor. */
export async function raiseSessionToAal2(
  q: Queryable,
  sessionId: string,
  factorId: string,
): Promise<void> {
  await q.query(
    `update auth.sessions set aal = 'aal2', factor_id = $2, updated_at = now() where id = $1`,
    [sessionId, factorId],
  );
}

export async function deleteSession(q: Queryable, sessionId: string): Promise<void> {
  await q.query('delete from auth.sessions where id = $1', [sessionId]);
}

/** Ends every session of the user, or every one but `keep`. */
export async function deleteUserSessions(
  q: Queryable,
  userId: string,
  keep?: string,
): Promise<void> {
  await q.query('delete from auth.sessions where user_id = $1 and id is distinct from $2', [
    userId,
    keep ?? null,
  ]);
}
