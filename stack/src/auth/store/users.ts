// Reading, creating, listing and deleting users (auth.users with their identities and factors).
import { randomUUID } from 'node:crypto';
import type { Queryable } from '../../db/adapter.ts';
import { INSTANCE_ID, TOKEN_COLUMNS, USER_COLUMNS } from './columns.ts';
import { factorsOf } from './factors.ts';
import { identitiesOf, insertIdentity } from './identities.ts';
import type { UserRecord, UserRow, UserWithTokens } from './rows.ts';

const UUID = /^[0-9a-f-]{36}$/i;

async function one<R = UserRow>(
  q: Queryable,
  where: string,
  params: unknown[],
  columns = USER_COLUMNS,
) {
  const { rows } = await q.query<R>(
    `select ${columns} from auth.users where ${where} limit 1`,
    params,
  );
  return rows[0];
}

export const findUserById = (q: Queryable, id: string) =>
  UUID.test(id) ? one(q, 'id = $1', [id]) : Promise.resolve(undefined);

export const findUserByEmail = (q: Queryable, email: string) =>
  one(q, 'lower(email) = lower($1) and is_sso_user = false', [email]);

export const findUserByPhone = (q: Queryable, phone: string) => one(q, 'phone = $1', [phone]);

/** The user with its identities and factors, as every user answer serialises it. */
export async function findUserRecord(q: Queryable, id: string): Promise<UserRecord | undefined> {
  const user = await findUserById(q, id);
  return user && recordOf(q, user);
}

/** Adds the user's identities and factors to a user already read. */
export async function recordOf(q: Queryable, user: UserRow): Promise<UserRecord> {
  return { user, identities: await identitiesOf(q, user.id), factors: await factorsOf(q, user.id) };
}

/** Where a link's token hash is stored, per verification type. */
const LINK_TOKEN_WHERE: Record<string, string> = {
  signup: 'confirmation_token = $1',
  invite: 'confirmation_token = $1',
  recovery: 'recovery_token = $1',
  magiclink: 'recovery_token = $1',
  email: '(confirmation_token = $1 or recovery_token = $1)',
  email_change: '(email_change_token_current = $1 or email_change_token_new = $1)',
};

/** The user whose token column of this link type holds the hash (undefined for other types). */
export async function findUserByLinkToken(
  q: Queryable,
  type: string,
  hash: string,
): Promise<UserWithTokens | undefined> {
  const where = LINK_TOKEN_WHERE[type];
  if (!where) return undefined;
  return one<UserWithTokens>(q, where, [hash], `${USER_COLUMNS}, ${TOKEN_COLUMNS}`);
}

/**
 * The user a code sent to this address or number belongs to: by phone (sms), by the pending
 * phone (phone_change), by either side of a pending email change holding the hash
 * (email_change), else by email.
 */
export function findUserForCode(
  q: Queryable,
  type: string,
  identifier: string,
  hash: string,
): Promise<UserWithTokens | undefined> {
  const columns = `${USER_COLUMNS}, ${TOKEN_COLUMNS}`;
  if (type === 'phone_change') return one(q, 'phone_change = $1', [identifier], columns);
  if (type === 'sms') return one(q, 'phone = $1', [identifier], columns);
  if (type === 'email_change')
    return one(
      q,
      `(lower(email_change) = $1::text and email_change_token_new in ($2::text, 'pkce_' || $2::text))
       or (lower(email) = $1::text and email_change_token_current in ($2::text, 'pkce_' || $2::text))`,
      [identifier, hash],
      columns,
    );
  return one(q, 'lower(email) = $1 and is_sso_user = false', [identifier], columns);
}

export interface NewUser {
  id?: string;
  email?: string;
  phone?: string;
  passwordHash?: string;
  userMetadata?: Record<string, unknown>;
  /** Extra claims for the provider's identity_data (sign-ups keep their metadata there). */
  identityData?: Record<string, unknown>;
  /** The identity's address is verified (admin-created users with email_confirm). */
  identityVerified?: boolean;
  appMetadata?: Record<string, unknown>;
  provider: 'email' | 'phone';
  /** Insert no email or phone identity (an OAuth sign-up inserts its provider's own). */
  withoutIdentity?: boolean;
  role?: string;
  isAnonymous?: boolean;
  emailConfirmed?: boolean;
  phoneConfirmed?: boolean;
}

/** Inserts a user and the identity of its provider; returns the new user's id. */
export async function insertUser(q: Queryable, input: NewUser): Promise<string> {
  const id = input.id ?? randomUUID();
  const app = input.appMetadata ?? { provider: input.provider, providers: [input.provider] };
  await q.query(
    `insert into auth.users (instance_id, id, aud, role, email, phone, encrypted_password,
       raw_app_meta_data, raw_user_meta_data, is_anonymous, email_confirmed_at, phone_confirmed_at,
       created_at, updated_at)
     values ($1, $2, 'authenticated', $3, $4, $5, $6, $7, $8, $9,
       case when $10 then now() end, case when $11 then now() end, now(), now())`,
    [
      INSTANCE_ID,
      id,
      input.role ?? 'authenticated',
      input.email ?? null,
      input.phone ?? null,
      input.passwordHash ?? '',
      JSON.stringify(app),
      JSON.stringify(input.userMetadata ?? {}),
      input.isAnonymous ?? false,
      input.emailConfirmed ?? false,
      input.phoneConfirmed ?? false,
    ],
  );
  if ((input.email || input.phone) && !input.withoutIdentity)
    await insertIdentity(q, id, {
      provider: input.provider,
      email: input.email,
      phone: input.phone,
      data: input.identityData,
      verified: input.identityVerified,
    });
  return id;
}

/** A page of users (newest first) whose email or full name contains `filter`, and the total. */
export async function listUsers(
  q: Queryable,
  filter: string,
  limit: number,
  offset: number,
): Promise<{ total: number; users: UserRow[] }> {
  const where = `aud = 'authenticated' and ($1 = '' or email ilike '%' || $1 || '%'
    or raw_user_meta_data ->> 'full_name' ilike '%' || $1 || '%')`;
  const count = await q.query<{ n: string }>(
    `select count(*)::text as n from auth.users where ${where}`,
    [filter],
  );
  const { rows } = await q.query<UserRow>(
    `select ${USER_COLUMNS} from auth.users where ${where} order by created_at desc, id limit $2 offset $3`,
    [filter, limit, offset],
  );
  return { total: Number(count.rows[0]!.n), users: rows };
}

export async function deleteUser(q: Queryable, id: string): Promise<void> {
  await q.query('delete from auth.users where id = $1', [id]);
}

/** Keeps the row (deleted_at) but removes what identifies the person and every way in. */
export async function softDeleteUser(q: Queryable, id: string): Promise<void> {
  await q.query(
    `update auth.users set deleted_at = now(), email = null, phone = null, encrypted_password = '',
       raw_user_meta_data = '{}', raw_app_meta_data = '{}', updated_at = now() where id = $1`,
    [id],
  );
  await q.query('delete from auth.identities where user_id = $1', [id]);
  await q.query('delete from auth.mfa_factors where user_id = $1', [id]);
  await q.query('delete from auth.sessions where user_id = $1', [id]);
}
