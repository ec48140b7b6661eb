// The user, identity and factor JSON as Supabase Auth serialises them, and metadata merged as it
// merges updates (a null value removes the key).
import type { FactorRow, IdentityRow, UserRecord } from './store/rows.ts';

function identityJson(row: IdentityRow): Record<string, unknown> {
  return {
    identity_id: row.id,
    id: row.provider_id,
    user_id: row.user_id,
    identity_data: row.identity_data,
    provider: row.provider,
    ...(row.last_sign_in_at ? { last_sign_in_at: row.last_sign_in_at } : {}),
    created_at: row.created_at,
    updated_at: row.updated_at,
    ...(row.email ? { email: row.email } : {}),
  };
}

export function factorJson(row: FactorRow): Record<string, unknown> {
  return {
    id: row.id,
    ...(row.friendly_name ? { friendly_name: row.friendly_name } : {}),
    factor_type: row.factor_type,
    status: row.status,
    created_at: row.created_at,
    updated_at: row.updated_at,
    ...(row.factor_type === 'phone' ? { phone: row.phone ?? '' } : {}),
    last_challenged_at: row.last_challenged_at,
    ...(row.web_authn_aaguid ? { web_authn_aaguid: row.web_authn_aaguid } : {}),
    ...(row.last_webauthn_challenge_data
      ? { last_webauthn_challenge_data: row.last_webauthn_challenge_data }
      : {}),
  };
}

const opt = (key: string, value: unknown) => (value ? { [key]: value } : {});

/** The user as Supabase Auth serialises it. */
export function userJson({ user, identities, factors }: UserRecord): Record<string, unknown> {
  return {
    id: user.id,
    aud: user.aud ?? '',
    role: user.role ?? '',
    email: user.email ?? '',
    ...opt('email_confirmed_at', user.email_confirmed_at),
    ...opt('invited_at', user.invited_at),
    phone: user.phone ?? '',
    ...opt('phone_confirmed_at', user.phone_confirmed_at),
    ...opt('confirmation_sent_at', user.confirmation_sent_at),
    ...opt('confirmed_at', user.confirmed_at),
    ...opt('recovery_sent_at', user.recovery_sent_at),
    ...opt('new_email', user.email_change),
    ...opt('email_change_sent_at', user.email_change_sent_at),
    ...opt('new_phone', user.phone_change),
    ...opt('phone_change_sent_at', user.phone_change_sent_at),
    ...opt('reauthentication_sent_at', user.reauthentication_sent_at),
    ...opt('last_sign_in_at', user.last_sign_in_at),
    app_metadata: user.raw_app_meta_data ?? {},
    user_metadata: user.raw_user_meta_data ?? {},
    ...(factors.length ? { factors: factors.map(factorJson) } : {}),
    identities: identities.map(identityJson),
    created_at: user.created_at,
    updated_at: user.updated_at,
    ...opt('banned_until', user.banned_until),
    ...opt('deleted_at', user.deleted_at),
    is_anonymous: user.is_anonymous,
  };
}

/** Merges metadata as Supabase Auth does: null values remove keys. */
export function mergeMetadata(
  current: Record<string, unknown> | null,
  updates: Record<string, unknown>,
): Record<string, unknown> {
  const out = { ...(current ?? {}) };
  for (const [key, value] of Object.entries(updates)) {
    if (value === null) delete out[key];
    else out[key] = value;
  }
  return out;
}
