// One-time codes and their stored hashes, as Supabase Auth keeps them: a numeric code of the
// configured length, stored as sha224(identifier + code) in the user's token column and in
// auth.one_time_tokens; links carry that hash (prefixed `pkce_` for PKCE flows).
import { createHash, randomInt, randomUUID } from 'node:crypto';
import type { Queryable } from '../db/adapter.ts';

export type OneTimeTokenType =
  | 'confirmation_token'
  | 'reauthentication_token'
  | 'recovery_token'
  | 'email_change_token_new'
  | 'email_change_token_current'
  | 'phone_change_token';

export function generateOtp(length: number): string {
  let code = '';
  for (let i = 0; i < length; i++) code += String(randomInt(10));
  return code;
}

export const tokenHash = (identifier: string, otp: string) =>
  createHash('sha224')
    .update(identifier + otp)
    .digest('hex');

/** Stores (replaces) the user's one-time token of this type. */
export async function saveOneTimeToken(
  tx: Queryable,
  userId: string,
  type: OneTimeTokenType,
  hash: string,
  relatesTo: string,
): Promise<void> {
  await tx.query(
    `insert into auth.one_time_tokens (id, user_id, token_type, token_hash, relates_to, created_at, updated_at)
     values ($1, $2, $3::auth.one_time_token_type, $4, $5, now(), now())
     on conflict (user_id, token_type) do update
       set token_hash = excluded.token_hash, relates_to = excluded.relates_to, updated_at = now()`,
    [randomUUID(), userId, type, hash, relatesTo],
  );
}

export async function clearOneTimeToken(
  tx: Queryable,
  userId: string,
  type: OneTimeTokenType,
): Promise<void> {
  await tx.query(
    'delete from auth.one_time_tokens where user_id = $1 and token_type = $2::auth.one_time_token_type',
    [userId, type],
  );
}

/** Constant-time-ish comparison of two hex hashes. */
export const sameHash = (a: string, b: string) => a.length > 0 && a === b;

/** SMS codes expire after 60 seconds (GoTrue's default; the CLI's config has no key for it). */
export const SMS_OTP_EXPIRY_SECONDS = 60;

/** The `[auth.sms.test_otp]` code for a phone number (keys may carry '+' or spaces). */
export function testOtpFor(testOtp: Record<string, string>, phone: string): string | undefined {
  for (const [key, code] of Object.entries(testOtp))
    if (key.replace(/^\+/, '').replace(/\s/g, '') === phone) return code;
  return undefined;
}
