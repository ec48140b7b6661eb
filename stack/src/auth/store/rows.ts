// The rows the auth store reads, as the auth service sees them: auth.users, auth.identities and
// auth.mfa_factors with Supabase's column names. Timestamps are RFC 3339 UTC strings so both
// database drivers agree.

export interface UserRow {
  id: string;
  aud: string | null;
  role: string | null;
  email: string | null;
  encrypted_password: string | null;
  phone: string | null;
  raw_app_meta_data: Record<string, unknown> | null;
  raw_user_meta_data: Record<string, unknown> | null;
  is_anonymous: boolean;
  is_sso_user: boolean;
  email_change: string | null;
  phone_change: string | null;
  email_change_confirm_status: number;
  banned: boolean;
  email_confirmed_at: string | null;
  invited_at: string | null;
  phone_confirmed_at: string | null;
  confirmation_sent_at: string | null;
  confirmed_at: string | null;
  recovery_sent_at: string | null;
  email_change_sent_at: string | null;
  phone_change_sent_at: string | null;
  reauthentication_sent_at: string | null;
  last_sign_in_at: string | null;
  created_at: string;
  updated_at: string;
  banned_until: string | null;
  deleted_at: string | null;
}

/** A user with the token hashes a verification compares against. */
export interface UserWithTokens extends UserRow {
  confirmation_token: string | null;
  recovery_token: string | null;
  email_change_token_current: string | null;
  email_change_token_new: string | null;
  phone_change_token: string | null;
  reauthentication_token: string | null;
}

export interface IdentityRow {
  id: string;
  provider_id: string;
  user_id: string;
  identity_data: Record<string, unknown>;
  provider: string;
  last_sign_in_at: string | null;
  created_at: string;
  updated_at: string;
  email: string | null;
}

export interface FactorRow {
  id: string;
  user_id: string;
  friendly_name: string | null;
  factor_type: 'totp' | 'phone' | 'webauthn';
  status: 'verified' | 'unverified';
  secret: string | null;
  phone: string | null;
  created_at: string;
  updated_at: string;
  last_challenged_at: string | null;
  /** WebAuthn factors: the authenticator's AAGUID and the last ceremony answered. */
  web_authn_aaguid: string | null;
  last_webauthn_challenge_data: Record<string, unknown> | null;
}

/** A user with what Supabase Auth serialises alongside it. */
export interface UserRecord {
  user: UserRow;
  identities: IdentityRow[];
  factors: FactorRow[];
}
