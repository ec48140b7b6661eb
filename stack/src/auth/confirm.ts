// The user state changes a verified code or link makes, as Supabase Auth makes them: confirming
// an email or phone, consuming a recovery/magic-link token, and completing email/phone changes.
import type { Queryable } from '../db/adapter.ts';

async function clearTokens(tx: Queryable, userId: string): Promise<void> {
  await tx.query('delete from auth.one_time_tokens where user_id = $1', [userId]);
}

/** Confirms the email (once) and marks email_verified in user metadata and the identity. */
export async function confirmEmail(tx: Queryable, userId: string): Promise<void> {
  await tx.query(
    `update auth.users set confirmation_token = '',
       email_confirmed_at = coalesce(email_confirmed_at, now()),
       raw_user_meta_data = coalesce(raw_user_meta_data, '{}') || '{"email_verified": true}',
       updated_at = now()
     where id = $1`,
    [userId],
  );
  await tx.query(
    `update auth.identities i set identity_data = i.identity_data || '{"email_verified": true}', updated_at = now()
     from auth.users u where u.id = i.user_id and i.user_id = $1 and i.email = lower(u.email)`,
    [userId],
  );
  await clearTokens(tx, userId);
}

export async function confirmPhone(tx: Queryable, userId: string): Promise<void> {
  await tx.query(
    `update auth.users set confirmation_token = '', phone_confirmed_at = coalesce(phone_confirmed_at, now()),
       raw_user_meta_data = coalesce(raw_user_meta_data, '{}') || '{"phone_verified": true}',
       is_anonymous = false, updated_at = now()
     where id = $1`,
    [userId],
  );
  await tx.query(
    `update auth.identities set identity_data = identity_data || '{"phone_verified": true}', updated_at = now()
     where user_id = $1 and provider = 'phone'`,
    [userId],
  );
  await clearTokens(tx, userId);
}

/** A recovery or magic link was used: the token is consumed and an unconfirmed email confirmed. */
export async function consumeRecovery(tx: Queryable, userId: string): Promise<void> {
  await tx.query(`update auth.users set recovery_token = '', updated_at = now() where id = $1`, [
    userId,
  ]);
  await clearTokens(tx, userId);
  const { rows } = await tx.query<{ confirmed: boolean }>(
    'select email_confirmed_at is not null as confirmed from auth.users where id = $1',
    [userId],
  );
  if (!rows[0]?.confirmed) await confirmEmail(tx, userId);
}

/** Moves email_change into email and updates the email identity. */
export async function completeEmailChange(tx: Queryable, userId: string): Promise<void> {
  const { rows } = await tx.query<{ email_change: string }>(
    'select email_change from auth.users where id = $1',
    [userId],
  );
  const email = rows[0]?.email_change ?? '';
  await tx.query(
    `update auth.users set email = $2::text, email_change = '', email_change_token_current = '',
       email_change_token_new = '', email_change_confirm_status = 0, is_anonymous = false,
       raw_user_meta_data = coalesce(raw_user_meta_data, '{}') || jsonb_build_object('email', $2::text),
       updated_at = now()
     where id = $1`,
    [userId, email],
  );
  const identity = await tx.query(
    'select 1 from auth.identities where user_id = $1 and provider = $2',
    [userId, 'email'],
  );
  if (identity.rowCount)
    await tx.query(
      `update auth.identities set identity_data = identity_data || jsonb_build_object('email', $2::text, 'email_verified', true),
         updated_at = now() where user_id = $1 and provider = 'email'`,
      [userId, email],
    );
  else
    await tx.query(
      `insert into auth.identities (provider_id, user_id, identity_data, provider, created_at, updated_at)
       values ($3, $1, jsonb_build_object('sub', $3::text, 'email', $2::text, 'email_verified', true, 'phone_verified', false), 'email', now(), now())`,
      [userId, email, userId],
    );
  await addProvider(tx, userId, 'email');
  await clearTokens(tx, userId);
  await confirmEmail(tx, userId);
}

/** Moves phone_change into phone (confirmed) and updates or creates the phone identity. */
export async function completePhoneChange(tx: Queryable, userId: string): Promise<void> {
  const { rows } = await tx.query<{ phone_change: string }>(
    'select phone_change from auth.users where id = $1',
    [userId],
  );
  const phone = rows[0]?.phone_change ?? '';
  await tx.query(
    `update auth.users set phone = $2, phone_change = '', phone_change_token = '',
       phone_confirmed_at = now(), is_anonymous = false, updated_at = now() where id = $1`,
    [userId, phone],
  );
  const identity = await tx.query(
    'select 1 from auth.identities where user_id = $1 and provider = $2',
    [userId, 'phone'],
  );
  if (identity.rowCount)
    await tx.query(
      `update auth.identities set identity_data = identity_data || jsonb_build_object('phone', $2::text, 'phone_verified', true),
         updated_at = now() where user_id = $1 and provider = 'phone'`,
      [userId, phone],
    );
  else
    await tx.query(
      `insert into auth.identities (provider_id, user_id, identity_data, provider, created_at, updated_at)
       values ($3, $1, jsonb_build_object('sub', $3::text, 'phone', $2::text, 'email_verified', false, 'phone_verified', true), 'phone', now(), now())`,
      [userId, phone, userId],
    );
  await addProvider(tx, userId, 'phone');
  await clearTokens(tx, userId);
}

/** Adds the provider to app_metadata.providers (and sets provider when none). */
export async function addProvider(tx: Queryable, userId: string, provider: string): Promise<void> {
  await tx.query(
    `update auth.users set raw_app_meta_data =
       coalesce(raw_app_meta_data, '{}') || jsonb_build_object(
         'provider', coalesce(raw_app_meta_data ->> 'provider', $2::text),
         'providers', (select coalesce(jsonb_agg(distinct p), '[]'::jsonb) from (
            select jsonb_array_elements_text(coalesce(raw_app_meta_data -> 'providers', '[]'::jsonb)) as p
            union select $2::text) s))
     where id = $1`,
    [userId, provider],
  );
}
