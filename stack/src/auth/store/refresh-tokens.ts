// auth.refresh_tokens: the one place a refresh token is written. A session's tokens form a chain
// (each rotation revokes a token and inserts its child with `parent` set).
import { randomBytes } from 'node:crypto';
import type { Queryable } from '../../db/adapter.ts';
import { INSTANCE_ID } from './columns.ts';

export interface RefreshTokenRow {
  id: string;
  token: string;
  user_id: string;
  revoked: boolean;
  parent: string | null;
  session_id: string | null;
  /** Revoked longer ago than the reuse interval. */
  reuse_expired: boolean;
}

/** Inserts a new refresh token for the session (the first of a chain when parent is null). */
export async function insertRefreshToken(
  q: Queryable,
  userId: string,
  sessionId: string,
  parent: string | null = null,
): Promise<string> {
  const token = randomBytes(9).toString('base64url');
  await q.query(
    `insert into auth.refresh_tokens (instance_id, token, user_id, revoked, created_at, updated_at, parent, session_id)
     values ($1, $2, $3, false, now(), now(), $4, $5)`,
    [INSTANCE_ID, token, userId, parent, sessionId],
  );
  return token;
}

/** Locks the token row for a refresh; reuse_expired says whether a reuse is still tolerated. */
export async function lockRefreshToken(
  q: Queryable,
  token: string,
  reuseIntervalSeconds: number,
): Promise<RefreshTokenRow | undefined> {
  const { rows } = await q.query<RefreshTokenRow>(
    `select id::text, token, user_id, revoked, parent, session_id,
       now() > updated_at + make_interval(secs => $2) as reuse_expired
     from auth.refresh_tokens where token = $1 for update`,
    [token, reuseIntervalSeconds],
  );
  return rows[0];
}

/** The session's newest live token, with its parent. */
export async function findActiveRefreshToken(
  q: Queryable,
  sessionId: string,
): Promise<{ token: string; parent: string | null } | undefined> {
  const { rows } = await q.query<{ token: string; parent: string | null }>(
    `select token, parent from auth.refresh_tokens
     where session_id = $1 and not revoked order by id desc limit 1`,
    [sessionId],
  );
  return rows[0];
}

/** Revokes the token and issues its child in the same session; returns the child. */
export async function rotateRefreshToken(q: Queryable, row: RefreshTokenRow): Promise<string> {
  await q.query('update auth.refresh_tokens set revoked = true, updated_at = now() where id = $1', [
    row.id,
  ]);
  return insertRefreshToken(q, row.user_id, row.session_id!, row.token);
}

/** Revokes every live token of the session and starts a new chain (after MFA raises its aal). */
export async function restartRefreshChain(
  q: Queryable,
  userId: string,
  sessionId: string,
): Promise<string> {
  await q.query(
    `update auth.refresh_tokens set revoked = true, updated_at = now() where session_id = $1 and not revoked`,
    [sessionId],
  );
  return insertRefreshToken(q, userId, sessionId);
}

export async function deleteRefreshToken(q: Queryable, id: string): Promise<void> {
  await q.query('delete from auth.refresh_tokens where id = $1', [id]);
}
