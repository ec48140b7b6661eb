// auth.identities: one row per way a user signs in (email, phone), its identity_data claims and
// the email_verified / phone_verified flags Supabase Auth keeps there.
import type { Queryable } from '../../db/adapter.ts';
import { ts } from './columns.ts';
import type { IdentityRow } from './rows.ts';

export async function identitiesOf(q: Queryable, userId: string): Promise<IdentityRow[]> {
  const { rows } = await q.query<IdentityRow>(
    `select id, provider_id, user_id, identity_data, provider, email, ${ts('last_sign_in_at')},
       ${ts('created_at')}, ${ts('updated_at')}
     from auth.identities where user_id = $1 order by created_at, provider`,
    [userId],
  );
  return rows;
}

export interface NewIdentity {
  provider: 'email' | 'phone';
  email?: string;
  phone?: string;
  /** Sign-up metadata, kept in identity_data as Supabase Auth keeps it. */
  data?: Record<string, unknown>;
  verified?: boolean;
}

export async function insertIdentity(q: Queryable, userId: string, input: NewIdentity) {
  const data: Record<string, unknown> = {
    ...(input.data ?? {}),
    sub: userId,
    ...(input.provider === 'email' ? { email: input.email } : { phone: input.phone }),
    email_verified: input.provider === 'email' && !!input.verified,
    phone_verified: input.provider === 'phone' && !!input.verified,
  };
  await q.query(
    `insert into auth.identities (provider_id, user_id, identity_data, provider, created_at, updated_at)
     values ($1, $2, $3, $4, now(), now())`,
    [userId, userId, JSON.stringify(data), input.provider],
  );
}

/** Sets the address of the user's identity of this provider, creating it when missing. */
export async function upsertIdentityAddress(
  q: Queryable,
  userId: string,
  provider: 'email' | 'phone',
  address: string,
  verified: boolean,
): Promise<void> {
  const flag = provider === 'email' ? 'email_verified' : 'phone_verified';
  const updated = await q.query(
    `update auth.identities set identity_data = identity_data || jsonb_build_object($3::text, $4::text)
       || case when $5 then jsonb_build_object($6::text, true) else '{}'::jsonb end,
       updated_at = now()
     where user_id = $1 and provider = $2`,
    [userId, provider, provider, address, verified, flag],
  );
  if (!updated.rowCount)
    await insertIdentity(q, userId, {
      provider,
      ...(provider === 'email' ? { email: address } : { phone: address }),
      verified,
    });
}

/** Merges the user's identity claims (sub, email, …) into user_metadata, as sign-up does. */
export async function mergeIdentityIntoMetadata(q: Queryable, userId: string): Promise<void> {
  await q.query(
    `update auth.users u set raw_user_meta_data = u.raw_user_meta_data || i.identity_data
     from auth.identities i where i.user_id = u.id and u.id = $1`,
    [userId],
  );
}
