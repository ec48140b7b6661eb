// The rows an OAuth or ID-token sign-in touches, as Supabase Auth keeps them: a provider's
// identity (provider, provider_id = the provider's `sub`), its claims in identity_data, the
// accounts an email could link to, app_metadata.providers kept equal to the user's identities,
// and the PKCE flow state of an OAuth sign-in (created before the user is known).
import { randomUUID } from 'node:crypto';
import type { Queryable } from '../../db/adapter.ts';
import { ts } from './columns.ts';
import type { IdentityRow } from './rows.ts';

const IDENTITY = `id, provider_id, user_id, identity_data, provider, email, ${ts('last_sign_in_at')},
  ${ts('created_at')}, ${ts('updated_at')}`;

export async function findProviderIdentity(
  q: Queryable,
  providerId: string,
  provider: string,
): Promise<IdentityRow | undefined> {
  const { rows } = await q.query<IdentityRow>(
    `select ${IDENTITY} from auth.identities where provider_id = $1 and provider = $2`,
    [providerId, provider],
  );
  return rows[0];
}

export async function insertProviderIdentity(
  q: Queryable,
  userId: string,
  provider: string,
  providerId: string,
  data: Record<string, unknown>,
): Promise<IdentityRow> {
  const { rows } = await q.query<IdentityRow>(
    `insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at,
       created_at, updated_at)
     values ($1, $2, $3, $4, now(), now(), now()) returning ${IDENTITY}`,
    [providerId, userId, JSON.stringify(data), provider],
  );
  return rows[0]!;
}

/** A returning sign-in: the provider's latest claims replace the identity's. */
export async function refreshIdentityData(
  q: Queryable,
  identityId: string,
  data: Record<string, unknown>,
): Promise<void> {
  await q.query(
    `update auth.identities set identity_data = $2, last_sign_in_at = now(), updated_at = now()
     where id = $1`,
    [identityId, JSON.stringify(data)],
  );
}

export async function deleteIdentity(q: Queryable, identityId: string): Promise<void> {
  await q.query('delete from auth.identities where id = $1', [identityId]);
}

/** Merges claims into user_metadata (UpdateUserMetaData). */
export async function mergeUserMetadata(
  q: Queryable,
  userId: string,
  data: Record<string, unknown>,
): Promise<void> {
  await q.query(
    `update auth.users set raw_user_meta_data = coalesce(raw_user_meta_data, '{}') || $2::jsonb,
       updated_at = now() where id = $1`,
    [userId, JSON.stringify(data)],
  );
}

/** app_metadata.providers becomes the providers of the user's identities, oldest first. */
export async function syncProviders(q: Queryable, userId: string): Promise<void> {
  await q.query(
    `update auth.users u set raw_app_meta_data = coalesce(u.raw_app_meta_data, '{}') || jsonb_build_object(
       'providers', coalesce((select jsonb_agg(p.provider order by p.first) from (
         select provider, min(created_at) as first from auth.identities where user_id = u.id
         group by provider) p), '[]'::jsonb)),
       updated_at = now()
     where u.id = $1`,
    [userId],
  );
}

/** The users an email could link to: by their email, or by an identity's email. */
export async function linkCandidates(
  q: Queryable,
  email: string,
): Promise<{ byUser: string[]; byIdentity: string[] }> {
  const users = await q.query<{ id: string }>(
    'select id from auth.users where lower(email) = $1 and is_sso_user = false',
    [email.toLowerCase()],
  );
  const identities = await q.query<{ user_id: string }>(
    'select distinct user_id from auth.identities where email = $1',
    [email.toLowerCase()],
  );
  return {
    byUser: users.rows.map((r) => r.id),
    byIdentity: identities.rows.map((r) => r.user_id),
  };
}

/**
 * An unconfirmed account taken over by a verified provider identity: its other identities and
 * its password go, and its metadata becomes the identity's (a door someone else may have left).
 */
export async function removeUnconfirmedIdentities(
  q: Queryable,
  userId: string,
  keep: IdentityRow,
): Promise<void> {
  await q.query(
    `update auth.users set encrypted_password = '', raw_user_meta_data = $2, updated_at = now()
     where id = $1`,
    [userId, JSON.stringify(keep.identity_data)],
  );
  await q.query('delete from auth.identities where user_id = $1 and id <> $2', [userId, keep.id]);
}

/** Sets the email of a user who has none (a linked identity brings one). */
export async function adoptEmail(q: Queryable, userId: string, email: string): Promise<void> {
  await q.query(
    `update auth.users set email = $2, updated_at = now() where id = $1 and coalesce(email, '') = ''`,
    [userId, email],
  );
}

/** The flow state of an OAuth sign-in started with a code_challenge; returns its id. */
export async function createOAuthFlowState(
  q: Queryable,
  flow: { provider: string; challenge: string; method: string },
): Promise<string> {
  const id = randomUUID();
  await q.query(
    `insert into auth.flow_state (id, user_id, auth_code, code_challenge_method, code_challenge,
       provider_type, authentication_method, created_at, updated_at)
     values ($1, null, $2, $3::auth.code_challenge_method, $4, $5, 'oauth', now(), now())`,
    [id, randomUUID(), flow.method.toLowerCase(), flow.challenge, flow.provider],
  );
  return id;
}

export interface OAuthFlowRow {
  id: string;
  user_id: string | null;
  auth_code: string;
  expired: boolean;
}

export async function lockOAuthFlowState(
  q: Queryable,
  id: string,
  expirySeconds: number,
): Promise<OAuthFlowRow | undefined> {
  const { rows } = await q.query<OAuthFlowRow>(
    `select id, user_id, auth_code, now() > created_at + make_interval(secs => $2) as expired
     from auth.flow_state where id = $1 and authentication_method = 'oauth' for update`,
    [id, expirySeconds],
  );
  return rows[0];
}

/** The provider's sign-in finished: the flow state gets its user and the provider's tokens. */
export async function completeOAuthFlowState(
  q: Queryable,
  id: string,
  userId: string,
  providerToken: string,
  providerRefreshToken: string,
): Promise<void> {
  await q.query(
    `update auth.flow_state set user_id = $2, provider_access_token = $3,
       provider_refresh_token = $4, auth_code_issued_at = now(), updated_at = now()
     where id = $1`,
    [id, userId, providerToken, providerRefreshToken],
  );
}
