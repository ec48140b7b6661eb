// The user-row changes a verified code or link makes, as Supabase Auth makes them: confirming an
// email or phone, consuming a recovery or magic-link token, and completing email and phone
// changes (with the identity and app_metadata.providers kept in step).
import type { Queryable } from '../../db/adapter.ts';
import { upsertIdentityAddress } from './identities.ts';

async function clearOneTimeTokens(q: Queryable, userId: string): Promise<void> {
  await q.query('delete from auth.one_time_tokens where user_id = $1', [userId]);
}

/** Confirms the email (once) and marks email_verified in user metadata and the identity. */
export async function confirmEmail(q: Queryable, userId: string): Promise<void> {
  await q.query(
    `update auth.users set confirmation_token = '',
       email_confirmed_at = coalesce(email_confirmed_at, now()),
       raw_user_meta_data = coalesce(raw_user_meta_data, '{}') || '{"email_verified": true}',
       updated_at = now()
     where id = $1`,
    [userId],
  );
  await q.query(
    `update auth.identities i set identity_data = i.identity_data || '{"email_verified": true}', updated_at = now()
     from auth.users u where u.id = i.user_id and i.user_id = $1 and i.email = lower(u.email)`,
    [userId],
  );
  await clearOneTimeTokens(q, userId);
}

export async function confirmPhone(q: Queryable, userId: string): Promise<void> {
  await q.query(
    `update auth.users set confirmation_token = '', phone_confirmed_at = coalesce(phone_confirmed_at, now()),
       raw_user_meta_data = coalesce(raw_user_meta_data, '{}') || '{"phone_verified": true}',
       is_anonymous = false, updated_at = now()
     where id = $1`,
    [userId],
  );
  await q.query(
    `update auth.identities set identity_data = identity_data || '{"phone_verified": true}', updated_at = now()
     where user_id = $1 and provider = 'phone'`,
    [userId],
  );
  await clearOneTimeTokens(q, userId);
}

/** A sign-up with confirmations off: the address counts as confirmed at once. */
export async function confirmAtSignup(
  q: Queryable,
  userId: string,
  provider: 'email' | 'phone',
): Promise<void> {
  const column = provider === 'email' ? 'email_confirmed_at' : 'phone_confirmed_at';
  await q.query(
    `update auth.users set ${column} = now(), confirmation_token = '',
       raw_user_meta_data = raw_user_meta_data || jsonb_build_object($2::text, true), updated_at = now()
     where id = $1`,
    [userId, provider === 'email' ? 'email_verified' : 'phone_verified'],
  );
}

/** A recovery or magic link was used: the token is consumed and an unconfirmed email confirmed. */
export async function consumeRecovery(q: Queryable, userId: string): Promise<void> {
  await q.query(`update auth.users set recovery_token = '', updated_at = now() where id = $1`, [
    userId,
  ]);
  await clearOneTimeTokens(q, userId);
  const { rows } = await q.query<{ confirmed: boolean }>(
    'select email_confirmed_at is not null as confirmed from auth.users where id = $1',
    [userId],
  );
  if (!rows[0]?.confirmed) await confirmEmail(q, userId);
}

/** Records the address a change is going to (completed later by a code, or at once). */
export async function setPendingAddress(
  q: Queryable,
  userId: string,
  kind: 'email' | 'phone',
  address: string,
): Promise<void> {
  const column = kind === 'email' ? 'email_change' : 'phone_change';
  await q.query(`update auth.users set ${column} = $2 where id = $1`, [userId, address]);
}

/** One side of a double-confirmed email change was confirmed; the other is still needed. */
export async function confirmEmailChangeSide(
  q: Queryable,
  userId: string,
  side: 'current' | 'new',
): Promise<void> {
  const column = side === 'current' ? 'email_change_token_current' : 'email_change_token_new';
  await q.query(
    `update auth.users set email_change_confirm_status = 1, ${column} = '' where id = $1`,
    [userId],
  );
  await q.query(
    `delete from auth.one_time_tokens where user_id = $1 and token_type = $2::auth.one_time_token_type`,
    [userId, column],
  );
}

/** Moves email_change into email, confirmed, and updates or creates the email identity. */
export async function completeEmailChange(q: Queryable, userId: string): Promise<void> {
  const { rows } = await q.query<{ email_change: string }>(
    'select email_change from auth.users where id = $1',
    [userId],
  );
  const email = rows[0]?.email_change ?? '';
  await q.query(
    `update auth.users set email = $2::text, email_change = '', email_change_token_current = '',
       email_change_token_new = '', email_change_confirm_status = 0, is_anonymous = false,
       raw_user_meta_data = coalesce(raw_user_meta_data, '{}') || jsonb_build_object('email', $2::text),
       updated_at = now()
     where id = $1`,
    [userId, email],
  );
  await upsertIdentityAddress(q, userId, 'email', email, true);
  await addProvider(q, userId, 'email');
  await confirmEmail(q, userId);
}

/** Moves phone_change into phone (confirmed) and updates or creates the phone identity. */
export async function completePhoneChange(q: Queryable, userId: string): Promise<void> {
  const { rows } = await q.query<{ phone_change: string }>(
    'select phone_change from auth.users where id = $1',
    [userId],
  );
  const phone = rows[0]?.phone_change ?? '';
  await q.query(
    `update auth.users set phone = $2, phone_change = '', phone_change_token = '',
       phone_confirmed_at = now(), is_anonymous = false, updated_at = now() where id = $1`,
    [userId, phone],
  );
  await upsertIdentityAddress(q, userId, 'phone', phone, true);
  await addProvider(q, userId, 'phone');
  await clearOneTimeTokens(q, userId);
}

/** Adds the provider to app_metadata.providers (and sets provider when none). */
export async function addProvider(q: Queryable, userId: string, provider: string): Promise<void> {
  await q.query(
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
