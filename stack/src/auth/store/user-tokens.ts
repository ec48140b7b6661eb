// The one-time tokens a user holds: the hash of each emailed or texted code in its column of
// auth.users (with when it was sent) and in auth.one_time_tokens, as Supabase Auth keeps them.
import { randomUUID } from 'node:crypto';
import type { Queryable } from '../../db/adapter.ts';

export type OneTimeTokenType =
  | 'confirmation_token'
  | 'reauthentication_token'
  | 'recovery_token'
  | 'email_change_token_new'
  | 'email_change_token_current'
  | 'phone_change_token';

/** Stores (replaces) the user's one-time token of this type. */
async function saveOneTimeToken(
  q: Queryable,
  userId: string,
  type: OneTimeTokenType,
  hash: string,
  relatesTo: string,
): Promise<void> {
  await q.query(
    `insert into auth.one_time_tokens (id, user_id, token_type, token_hash, relates_to, created_at, updated_at)
     values ($1, $2, $3::auth.one_time_token_type, $4, $5, now(), now())
     on conflict (user_id, token_type) do update
       set token_hash = excluded.token_hash, relates_to = excluded.relates_to, updated_at = now()`,
    [randomUUID(), userId, type, hash, relatesTo],
  );
}

/** A token kind kept in one column of auth.users, with its `<kind>_sent_at`. */
export type UserTokenKind = 'confirmation' | 'recovery' | 'reauthentication' | 'phone_change';

/**
 * Stores the hash of a code just sent for `kind` to `sentTo` (an email address or a phone number).
 * An invitation also stamps invited_at; a phone change records the number it goes to.
 */
export async function storeUserToken(
  q: Queryable,
  userId: string,
  kind: UserTokenKind,
  hash: string,
  sentTo: string,
  options: { invite?: boolean } = {},
): Promise<void> {
  const extra =
    kind === 'phone_change' ? ', phone_change = $3' : options.invite ? ', invited_at = now()' : '';
  await q.query(
    `update auth.users set ${kind}_token = $2, ${kind}_sent_at = now()${extra}, updated_at = now()
     where id = $1`,
    kind === 'phone_change' ? [userId, hash, sentTo] : [userId, hash],
  );
  await saveOneTimeToken(q, userId, `${kind}_token`, hash, sentTo);
}

/**
 * Starts an email change to `newEmail`: the new address's token, and the current address's when
 * both must confirm (empty otherwise).
 */
export async function storeEmailChangeTokens(
  q: Queryable,
  userId: string,
  change: { newEmail: string; hashNew: string; currentEmail: string; hashCurrent: string },
): Promise<void> {
  await q.query(
    `update auth.users set email_change = $2, email_change_token_new = $3, email_change_token_current = $4,
       email_change_sent_at = now(), email_change_confirm_status = 0, updated_at = now() where id = $1`,
    [userId, change.newEmail, change.hashNew, change.hashCurrent],
  );
  if (change.hashNew)
    await saveOneTimeToken(q, userId, 'email_change_token_new', change.hashNew, change.newEmail);
  if (change.hashCurrent)
    await saveOneTimeToken(
      q,
      userId,
      'email_change_token_current',
      change.hashCurrent,
      change.currentEmail,
    );
}

/**
 * The user's reauthentication nonce hash and whether it is still within its lifetime (the email
 * code's for users with an email, the SMS code's otherwise).
 */
export async function findReauthentication(
  q: Queryable,
  userId: string,
  emailExpirySeconds: number,
  smsExpirySeconds: number,
): Promise<{ email: string | null; phone: string | null; hash: string; valid: boolean }> {
  const { rows } = await q.query<{
    email: string | null;
    phone: string | null;
    hash: string | null;
    valid: boolean;
  }>(
    `select email, phone, reauthentication_token as hash,
       reauthentication_sent_at is not null and now() <= reauthentication_sent_at
         + make_interval(secs => case when email is null or email = '' then $3::int else $2::int end) as valid
     from auth.users where id = $1`,
    [userId, emailExpirySeconds, smsExpirySeconds],
  );
  const row = rows[0];
  return { email: null, phone: null, valid: false, ...row, hash: row?.hash ?? '' };
}

export async function clearReauthentication(q: Queryable, userId: string): Promise<void> {
  await q.query(
    `update auth.users set reauthentication_token = '', reauthentication_sent_at = null where id = $1`,
    [userId],
  );
}
