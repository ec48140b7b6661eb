// Column lists and values shared by the store's queries: timestamps read as RFC 3339 UTC
// strings, the user and factor columns every read returns, addresses as inet takes them.
import { isIP } from 'node:net';

/** A timestamp column read as an RFC 3339 UTC string (null stays null). */
export const ts = (col: string, as = col) =>
  `to_char(${col} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as ${as}`;

const USER_TIMESTAMPS = [
  'email_confirmed_at',
  'invited_at',
  'phone_confirmed_at',
  'confirmation_sent_at',
  'confirmed_at',
  'recovery_sent_at',
  'email_change_sent_at',
  'phone_change_sent_at',
  'reauthentication_sent_at',
  'last_sign_in_at',
  'created_at',
  'updated_at',
  'banned_until',
  'deleted_at',
];

export const USER_COLUMNS = [
  'id',
  'aud',
  'role',
  'email',
  'encrypted_password',
  'phone',
  'raw_app_meta_data',
  'raw_user_meta_data',
  'is_anonymous',
  'is_sso_user',
  'email_change',
  'phone_change',
  'email_change_confirm_status',
  'coalesce(banned_until > now(), false) as banned',
  ...USER_TIMESTAMPS.map((t) => ts(t)),
].join(', ');

/** The token hashes stored on the user row, compared by verifications. */
export const TOKEN_COLUMNS = `confirmation_token, recovery_token, email_change_token_current,
  email_change_token_new, phone_change_token, reauthentication_token`;

export const FACTOR_COLUMNS = `id, user_id, friendly_name, factor_type::text as factor_type,
  status::text as status, secret, phone, ${ts('created_at')}, ${ts('updated_at')},
  ${ts('last_challenged_at')}, web_authn_aaguid::text as web_authn_aaguid,
  last_webauthn_challenge_data`;

/** The nil instance id Supabase Auth writes on every row that has one. */
export const INSTANCE_ID = '00000000-0000-0000-0000-000000000000';

/** The address as Postgres' inet accepts it, or null (an unparsable X-Forwarded-For). */
export function inet(ip: string | undefined): string | null {
  if (!ip) return null;
  const bare = ip.replace(/^::ffff:/, '');
  return isIP(bare) ? bare : null;
}
