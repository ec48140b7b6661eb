// The OAuth 2.1 server's clients (auth.oauth_clients): registration, reads of the clients not
// deleted, updates, a new secret hash, and the soft delete Supabase Auth does (deleted_at).
// Redirect URIs and grant types are kept comma-joined, as Supabase Auth keeps them.
import type { Queryable } from '../../db/adapter.ts';
import { ts } from './columns.ts';

export interface OAuthClientRow {
  id: string;
  client_secret_hash: string | null;
  registration_type: 'dynamic' | 'manual';
  client_type: 'public' | 'confidential';
  token_endpoint_auth_method: string;
  redirect_uris: string;
  grant_types: string;
  client_name: string | null;
  client_uri: string | null;
  logo_uri: string | null;
  created_at: string;
  updated_at: string;
}

const COLUMNS = `id, client_secret_hash, registration_type::text as registration_type,
  client_type::text as client_type, token_endpoint_auth_method, redirect_uris, grant_types,
  client_name, client_uri, logo_uri, ${ts('created_at')}, ${ts('updated_at')}`;

/** What a registration or an update writes. */
export interface OAuthClientFields {
  redirectUris: string[];
  grantTypes: string[];
  clientName: string | null;
  clientUri: string | null;
  logoUri: string | null;
  tokenEndpointAuthMethod: string;
}

export async function insertOAuthClient(
  q: Queryable,
  client: OAuthClientFields & {
    id: string;
    registrationType: 'dynamic' | 'manual';
    clientType: 'public' | 'confidential';
    secretHash: string | null;
  },
): Promise<OAuthClientRow> {
  const { rows } = await q.query<OAuthClientRow>(
    `insert into auth.oauth_clients (id, client_secret_hash, registration_type, client_type,
       token_endpoint_auth_method, redirect_uris, grant_types, client_name, client_uri, logo_uri,
       created_at, updated_at)
     values ($1, $2, $3::auth.oauth_registration_type, $4::auth.oauth_client_type, $5, $6, $7, $8,
       $9, $10, now(), now())
     returning ${COLUMNS}`,
    [
      client.id,
      client.secretHash,
      client.registrationType,
      client.clientType,
      client.tokenEndpointAuthMethod,
      client.redirectUris.join(','),
      client.grantTypes.join(','),
      client.clientName,
      client.clientUri,
      client.logoUri,
    ],
  );
  return rows[0]!;
}

/** The client of this id, unless it was deleted. */
export async function findOAuthClient(
  q: Queryable,
  id: string,
): Promise<OAuthClientRow | undefined> {
  const { rows } = await q.query<OAuthClientRow>(
    `select ${COLUMNS} from auth.oauth_clients where id = $1 and deleted_at is null`,
    [id],
  );
  return rows[0];
}

/** Every client not deleted, newest first. */
export async function listOAuthClients(q: Queryable): Promise<OAuthClientRow[]> {
  const { rows } = await q.query<OAuthClientRow>(
    `select ${COLUMNS} from auth.oauth_clients where deleted_at is null order by created_at desc`,
  );
  return rows;
}

export async function updateOAuthClient(
  q: Queryable,
  id: string,
  fields: OAuthClientFields,
): Promise<OAuthClientRow> {
  const { rows } = await q.query<OAuthClientRow>(
    `update auth.oauth_clients set redirect_uris = $2, grant_types = $3, client_name = $4,
       client_uri = $5, logo_uri = $6, token_endpoint_auth_method = $7, updated_at = now()
     where id = $1 returning ${COLUMNS}`,
    [
      id,
      fields.redirectUris.join(','),
      fields.grantTypes.join(','),
      fields.clientName,
      fields.clientUri,
      fields.logoUri,
      fields.tokenEndpointAuthMethod,
    ],
  );
  return rows[0]!;
}

export async function replaceOAuthClientSecret(
  q: Queryable,
  id: string,
  secretHash: string,
): Promise<OAuthClientRow> {
  const { rows } = await q.query<OAuthClientRow>(
    `update auth.oauth_clients set client_secret_hash = $2, updated_at = now()
     where id = $1 returning ${COLUMNS}`,
    [id, secretHash],
  );
  return rows[0]!;
}

export async function deleteOAuthClient(q: Queryable, id: string): Promise<void> {
  await q.query(
    'update auth.oauth_clients set deleted_at = now(), updated_at = now() where id = $1',
    [id],
  );
}
