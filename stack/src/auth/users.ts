// Queries on auth.users and auth.identities, and the user/identity JSON as Supabase Auth
// returns it. Timestamps are read as RFC 3339 UTC strings so both drivers agree.
import { randomUUID } from 'node:crypto';
import type { Queryable } from '../db/adapter.ts';

/** A timestamp column read as an RFC 3339 UTC string (null stays null). */
export const ts = (col: string, as = col) =>
  `to_char(${col} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as ${as}`;

const TIMESTAMPS = [
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
] as const;

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
  ...TIMESTAMPS.map((t) => ts(t)),
].join(', ');

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
}

export const FACTOR_COLUMNS = `id, user_id, friendly_name, factor_type::text as factor_type, status::text as status,
  secret, phone, ${ts('created_at')}, ${ts('updated_at')}, ${ts('last_challenged_at')}`;

async function one(tx: Queryable, where: string, params: unknown[]): Promise<UserRow | undefined> {
  const { rows } = await tx.query<UserRow>(
    `select ${USER_COLUMNS} from auth.users where ${where} limit 1`,
    params,
  );
  return rows[0];
}

export const findUserById = (tx: Queryable, id: string) =>
  /^[0-9a-f-]{36}$/i.test(id) ? one(tx, 'id = $1', [id]) : Promise.resolve(undefined);

export const findUserByEmail = (tx: Queryable, email: string) =>
  one(tx, 'lower(email) = lower($1) and is_sso_user = false', [email]);

export const findUserByPhone = (tx: Queryable, phone: string) => one(tx, 'phone = $1', [phone]);

export async function identitiesOf(tx: Queryable, userId: string): Promise<IdentityRow[]> {
  const { rows } = await tx.query<IdentityRow>(
    `select id, provider_id, user_id, identity_data, provider, email, ${ts('last_sign_in_at')},
       ${ts('created_at')}, ${ts('updated_at')}
     from auth.identities where user_id = $1 order by created_at, provider`,
    [userId],
  );
  return rows;
}

export async function factorsOf(tx: Queryable, userId: string): Promise<FactorRow[]> {
  const { rows } = await tx.query<FactorRow>(
    `select ${FACTOR_COLUMNS} from auth.mfa_factors where user_id = $1 order by created_at`,
    [userId],
  );
  return rows;
}

export interface NewUser {
  email?: string;
  phone?: string;
  passwordHash?: string;
  userMetadata?: Record<string, unknown>;
  appMetadata?: Record<string, unknown>;
  provider: 'email' | 'phone';
  aud?: string;
  role?: string;
  isAnonymous?: boolean;
}

/** Inserts a user and its identity for the provider; returns the new user's id. */
export async function insertUser(tx: Queryable, input: NewUser): Promise<string> {
  const id = randomUUID();
  const app = input.appMetadata ?? { provider: input.provider, providers: [input.provider] };
  await tx.query(
    `insert into auth.users (instance_id, id, aud, role, email, phone, encrypted_password,
       raw_app_meta_data, raw_user_meta_data, is_anonymous, created_at, updated_at)
     values ('00000000-0000-0000-0000-000000000000', $1, $2, $3, $4, $5, $6, $7, $8, $9, now(), now())`,
    [
      id,
      input.aud ?? 'authenticated',
      input.role ?? 'authenticated',
      input.email ?? null,
      input.phone ?? null,
      input.passwordHash ?? '',
      JSON.stringify(app),
      JSON.stringify(input.userMetadata ?? {}),
      input.isAnonymous ?? false,
    ],
  );
  if (input.email || input.phone) await insertIdentity(tx, id, input);
  return id;
}

export async function insertIdentity(tx: Queryable, userId: string, input: NewUser): Promise<void> {
  const data: Record<string, unknown> = {
    ...(input.userMetadata ?? {}),
    sub: userId,
    ...(input.provider === 'email' ? { email: input.email } : { phone: input.phone }),
    email_verified: false,
    phone_verified: false,
  };
  await tx.query(
    `insert into auth.identities (provider_id, user_id, identity_data, provider, created_at, updated_at)
     values ($1, $2, $3, $4, now(), now())`,
    [userId, userId, JSON.stringify(data), input.provider],
  );
}

/** Marks the identity's email/phone as verified in identity_data. */
export async function markIdentityVerified(
  tx: Queryable,
  userId: string,
  provider: 'email' | 'phone',
): Promise<void> {
  const key = provider === 'email' ? 'email_verified' : 'phone_verified';
  await tx.query(
    `update auth.identities set identity_data = identity_data || jsonb_build_object($3::text, true),
       updated_at = now() where user_id = $1 and provider = $2`,
    [userId, provider, key],
  );
}

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
  };
}

const opt = (key: string, value: unknown) => (value ? { [key]: value } : {});

/** The user as Supabase Auth serialises it. */
export function userJson(
  user: UserRow,
  identities: IdentityRow[],
  factors: FactorRow[] = [],
): Record<string, unknown> {
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

/** Loads a user with identities and factors and serialises it. */
export async function loadUserJson(
  tx: Queryable,
  id: string,
): Promise<Record<string, unknown> | undefined> {
  const user = await findUserById(tx, id);
  if (!user) return undefined;
  return userJson(user, await identitiesOf(tx, id), await factorsOf(tx, id));
}
