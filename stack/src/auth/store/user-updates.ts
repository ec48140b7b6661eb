// Changes to a user's own columns: metadata, password, role, addresses and confirmations set by
// an admin, bans. Every change also moves updated_at.
import type { Queryable } from '../../db/adapter.ts';

export async function setUserMetadata(
  q: Queryable,
  userId: string,
  metadata: Record<string, unknown>,
): Promise<void> {
  await q.query('update auth.users set raw_user_meta_data = $2, updated_at = now() where id = $1', [
    userId,
    JSON.stringify(metadata),
  ]);
}

export async function setAppMetadata(
  q: Queryable,
  userId: string,
  metadata: Record<string, unknown>,
): Promise<void> {
  await q.query('update auth.users set raw_app_meta_data = $2, updated_at = now() where id = $1', [
    userId,
    JSON.stringify(metadata),
  ]);
}

export async function setRole(q: Queryable, userId: string, role: string): Promise<void> {
  await q.query('update auth.users set role = $2, updated_at = now() where id = $1', [
    userId,
    role,
  ]);
}

/** Sets the password hash as an admin does: nothing else changes. */
export async function setPasswordHash(q: Queryable, userId: string, hash: string): Promise<void> {
  await q.query('update auth.users set encrypted_password = $2, updated_at = now() where id = $1', [
    userId,
    hash,
  ]);
}

/**
 * The user changed their password: every pending code and link (confirmation, recovery, email
 * and phone change, reauthentication) stops working.
 */
export async function changePassword(q: Queryable, userId: string, hash: string): Promise<void> {
  await q.query(
    `update auth.users set encrypted_password = $2, confirmation_token = '', confirmation_sent_at = null,
       recovery_token = '', recovery_sent_at = null, email_change_token_current = '', email_change_token_new = '',
       email_change_sent_at = null, phone_change_token = '', phone_change_sent_at = null,
       reauthentication_token = '', reauthentication_sent_at = null, updated_at = now()
     where id = $1`,
    [userId, hash],
  );
  await q.query('delete from auth.one_time_tokens where user_id = $1', [userId]);
}

/** An admin sets the address directly (no confirmation flow; a pending change is dropped). */
export async function setAddress(
  q: Queryable,
  userId: string,
  kind: 'email' | 'phone',
  address: string,
): Promise<void> {
  const sql =
    kind === 'email'
      ? `update auth.users set email = $2::text, email_change = '', updated_at = now() where id = $1`
      : `update auth.users set phone = $2, phone_change = '', updated_at = now() where id = $1`;
  await q.query(sql, [userId, address]);
}

/** An admin marks the email or phone confirmed (keeping the first time) or unconfirmed. */
export async function setConfirmed(
  q: Queryable,
  userId: string,
  kind: 'email' | 'phone',
  confirmed: boolean,
): Promise<void> {
  const column = kind === 'email' ? 'email_confirmed_at' : 'phone_confirmed_at';
  await q.query(
    `update auth.users set ${column} = case when $2 then coalesce(${column}, now()) end,
       updated_at = now() where id = $1`,
    [userId, confirmed],
  );
}

/** Bans the user for `ms` milliseconds (ending every session), or lifts the ban (null). */
export async function setBan(q: Queryable, userId: string, ms: number | null): Promise<void> {
  await q.query(
    `update auth.users set banned_until = case when $2::float8 is null then null
       else now() + make_interval(secs => $2::float8 / 1000) end, updated_at = now() where id = $1`,
    [userId, ms],
  );
  if (ms !== null) await q.query('delete from auth.sessions where user_id = $1', [userId]);
}
