// The OAuth 2.1 server's client administration (/admin/oauth/clients), as Supabase Auth answers
// it when `[auth.oauth_server] enabled` (internal/api/oauthserver/handlers.go): register a client
// (a confidential one gets a secret, shown once, and only its SHA-256 is kept), list, get, update,
// soft-delete, and a new secret. The service key is checked first, then whether the OAuth server
// is on (404 feature_disabled), then the client id in the path — Supabase Auth's middleware order.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { z } from 'zod';
import { adminEndpoint, type AuthDeps } from '../endpoint.ts';
import { AuthError, authError } from '../errors.ts';
import { param } from '../params.ts';
import type { AuthQueries } from '../store/index.ts';
import type { OAuthClientRow } from '../store/oauth-clients.ts';
import {
  RegisterBody,
  UpdateBody,
  checkRegistration,
  checkUpdate,
  clientTypeOf,
  isEmptyUpdate,
  methodsFor,
  registrationRefusal,
  type ClientType,
} from './oauth-client-params.ts';

/** The client as Supabase Auth answers it (Go's omitempty leaves out the empty strings). */
function clientJson(row: OAuthClientRow, secret?: string): Record<string, unknown> {
  const redirectUris = row.redirect_uris ? row.redirect_uris.split(',') : [];
  const grantTypes = row.grant_types ? row.grant_types.split(',') : [];
  return {
    client_id: row.id,
    ...(secret ? { client_secret: secret } : {}),
    client_type: row.client_type,
    ...(redirectUris.length ? { redirect_uris: redirectUris } : {}),
    ...(row.token_endpoint_auth_method
      ? { token_endpoint_auth_method: row.token_endpoint_auth_method }
      : {}),
    ...(grantTypes.length ? { grant_types: grantTypes } : {}),
    response_types: ['code'],
    ...(row.client_name ? { client_name: row.client_name } : {}),
    ...(row.client_uri ? { client_uri: row.client_uri } : {}),
    ...(row.logo_uri ? { logo_uri: row.logo_uri } : {}),
    registration_type: row.registration_type,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** 32 random bytes, base64url: the secret; its SHA-256 (base64url) is what is stored. */
function newSecret(): { secret: string; hash: string } {
  const secret = randomBytes(32).toString('base64url');
  return { secret, hash: createHash('sha256').update(secret).digest('base64url') };
}

function requireEnabled(deps: AuthDeps): void {
  if (!deps.config.auth.oauthServer.enabled)
    throw authError('feature_disabled', 'OAuth server is disabled');
}

/** The JSON body, decoded as the handler's Go struct: any mismatch is bad_json. */
async function readBody<S extends z.ZodType>(request: Request, schema: S): Promise<z.output<S>> {
  const text = await request.text().catch(() => '');
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw authError('bad_json', 'Invalid JSON body');
  }
  // Go decodes `null` into the struct as nothing at all.
  const parsed = schema.safeParse(value ?? {});
  if (!parsed.success) throw authError('bad_json', 'Invalid JSON body');
  return parsed.data;
}

const UUID =
  /^(?:urn:uuid:)?\{?([0-9a-f]{8})-?([0-9a-f]{4})-?([0-9a-f]{4})-?([0-9a-f]{4})-?([0-9a-f]{12})\}?$/i;

/** Go's uuid.FromString: hyphenated, bare, braced or urn:uuid:, in canonical form. */
function clientIdOf(value: string): string {
  const m = UUID.exec(value);
  if (!m) throw authError('validation_failed', 'invalid client_id format');
  return m.slice(1).join('-').toLowerCase();
}

/** The client the path names (after the enabled check, as LoadOAuthServerClient runs). */
async function loadClient(q: AuthQueries, id: string): Promise<OAuthClientRow> {
  const client = await q.findOAuthClient(clientIdOf(id));
  if (!client) throw authError('oauth_client_not_found', 'OAuth client not found');
  return client;
}

const ClientPath = z.object({ client_id: param });

export const registerOAuthClient = adminEndpoint({}, async (request, _p, { deps }) => {
  requireEnabled(deps);
  const p = await readBody(request, RegisterBody);
  try {
    checkRegistration(p);
  } catch (error) {
    throw error instanceof AuthError ? registrationRefusal(error) : error;
  }
  const clientType = clientTypeOf(p);
  const secret = clientType === 'confidential' ? newSecret() : undefined;
  const row = await deps.store.insertOAuthClient({
    id: randomUUID(),
    registrationType: 'manual',
    clientType,
    secretHash: secret?.hash ?? null,
    redirectUris: p.redirect_uris!,
    grantTypes: p.grant_types?.length ? p.grant_types : ['authorization_code', 'refresh_token'],
    clientName: p.client_name || null,
    clientUri: p.client_uri || null,
    logoUri: p.logo_uri || null,
    tokenEndpointAuthMethod:
      p.token_endpoint_auth_method || (clientType === 'public' ? 'none' : 'client_secret_basic'),
  });
  return Response.json(clientJson(row, secret?.secret), { status: 201 });
});

export const listOAuthClients = adminEndpoint({}, async (_request, _p, { deps }) => {
  requireEnabled(deps);
  // Supabase Auth lists every client, newest first; page and per_page are not read.
  const rows = await deps.store.listOAuthClients();
  return Response.json(rows.length ? { clients: rows.map((row) => clientJson(row)) } : {});
});

export const getOAuthClient = adminEndpoint({ path: ClientPath }, async (_request, p, { deps }) => {
  requireEnabled(deps);
  const row = await deps.store.transaction((q) => loadClient(q, p.client_id));
  return Response.json(clientJson(row));
});

export const updateOAuthClient = adminEndpoint(
  { path: ClientPath },
  async (request, p, { deps }) => {
    requireEnabled(deps);
    const row = await deps.store.transaction(async (q) => {
      const client = await loadClient(q, p.client_id);
      const u = await readBody(request, UpdateBody);
      if (isEmptyUpdate(u)) throw authError('validation_failed', 'No fields provided for update');
      checkUpdate(u);
      const method = u.token_endpoint_auth_method;
      const type: ClientType = client.client_type;
      if (method !== undefined && !methodsFor(type).includes(method))
        throw authError(
          'validation_failed',
          `token_endpoint_auth_method '${method}' is not valid for client_type '${type}'; valid methods: [${methodsFor(type).join(' ')}]`,
        );
      const keep = (given: string | undefined, old: string | null) =>
        given === undefined ? old : given || null;
      return q.updateOAuthClient(client.id, {
        redirectUris: u.redirect_uris ?? client.redirect_uris.split(','),
        grantTypes: u.grant_types ?? client.grant_types.split(','),
        clientName: keep(u.client_name, client.client_name),
        clientUri: keep(u.client_uri, client.client_uri),
        logoUri: keep(u.logo_uri, client.logo_uri),
        tokenEndpointAuthMethod: method ?? client.token_endpoint_auth_method,
      });
    });
    return Response.json(clientJson(row));
  },
);

export const deleteOAuthClient = adminEndpoint(
  { path: ClientPath },
  async (_request, p, { deps }) => {
    requireEnabled(deps);
    await deps.store.transaction(async (q) => {
      const client = await loadClient(q, p.client_id);
      await q.deleteOAuthClient(client.id);
    });
    return new Response(null, { status: 204 });
  },
);

export const regenerateOAuthClientSecret = adminEndpoint(
  { path: ClientPath },
  async (_request, p, { deps }) => {
    requireEnabled(deps);
    const secret = newSecret();
    const row = await deps.store.transaction(async (q) => {
      const client = await loadClient(q, p.client_id);
      if (client.client_type !== 'confidential')
        throw authError('validation_failed', 'Cannot regenerate secret for public client');
      return q.replaceOAuthClientSecret(client.id, secret.hash);
    });
    return Response.json(clientJson(row, secret.secret));
  },
);
