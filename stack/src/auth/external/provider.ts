// The OAuth providers this Auth server signs in with: an enabled [auth.external.<provider>] of a
// provider Supabase Auth knows, talked to as an OpenID Connect provider — the stack's own test
// provider, or the issuer in `url` — over HTTP: discovery, the token endpoint, userinfo, JWKS.
import { createHash } from 'node:crypto';
import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose';
import { resolveProvider, type ResolvedProvider } from '../../config/external.ts';
import type { AuthDeps } from '../endpoint.ts';
import { OAUTH_PROVIDERS } from '../handlers/settings.ts';

/** Why a provider cannot be used, worded as Supabase Auth words it (after "Unsupported provider: "). */
export class ProviderUnavailable extends Error {}

interface Discovery {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  userinfo_endpoint?: string;
  jwks_uri: string;
}

/** What this server learnt of providers: per running stack (a restart may bring new keys). */
interface Learnt {
  discoveries: Map<string, Promise<Discovery>>;
  keySets: Map<string, ReturnType<typeof createRemoteJWKSet>>;
}
const learnt = new WeakMap<object, Learnt>();

/** A provider as this server uses it: its settings and what was learnt of it. */
export interface Provider extends ResolvedProvider {
  learnt: Learnt;
}

/** The enabled provider of this name, or ProviderUnavailable. */
export function enabledProvider(deps: AuthDeps, name: string): Provider {
  const lower = name.toLowerCase();
  if (!OAUTH_PROVIDERS.includes(lower))
    throw new ProviderUnavailable(`Provider ${lower} could not be found`);
  const p = deps.config.auth.external[lower];
  if (!p?.enabled) throw new ProviderUnavailable('provider is not enabled');
  const resolved = resolveProvider(lower, p, deps.apiUrl);
  if (!resolved.clientId) throw new ProviderUnavailable('missing OAuth client ID');
  if (!resolved.secret) throw new ProviderUnavailable('missing OAuth secret');
  let known = learnt.get(deps.config);
  if (!known) {
    known = { discoveries: new Map(), keySets: new Map() };
    learnt.set(deps.config, known);
  }
  return { ...resolved, learnt: known };
}

/** The provider's OpenID configuration (fetched once; a failure is tried again). */
function discover(p: Provider): Promise<Discovery> {
  const { issuer } = p;
  const { discoveries } = p.learnt;
  let found = discoveries.get(issuer);
  if (!found) {
    found = (async () => {
      const res = await fetch(`${issuer}/.well-known/openid-configuration`);
      if (!res.ok) throw new Error(`discovery of ${issuer} answered ${res.status}`);
      return (await res.json()) as Discovery;
    })();
    found.catch(() => discoveries.delete(issuer));
    discoveries.set(issuer, found);
  }
  return found;
}

export async function authorizationUrl(
  p: Provider,
  params: Record<string, string>,
): Promise<string> {
  const { authorization_endpoint } = await discover(p);
  const url = new URL(authorization_endpoint);
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  return url.toString();
}

export interface ProviderTokens {
  accessToken: string;
  refreshToken: string;
  idToken: string;
}

/** Exchanges the provider's code at its token endpoint (client_secret_basic). */
export async function exchangeCode(p: Provider, code: string): Promise<ProviderTokens> {
  const { token_endpoint } = await discover(p);
  const basic = Buffer.from(
    `${encodeURIComponent(p.clientId)}:${encodeURIComponent(p.secret)}`,
  ).toString('base64');
  const res = await fetch(token_endpoint, {
    method: 'POST',
    headers: {
      authorization: `Basic ${basic}`,
      'content-type': 'application/x-www-form-urlencoded',
      accept: 'application/json',
    },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: p.redirectUri,
    }),
  });
  const body = (await res.json().catch(() => ({}))) as Record<string, unknown>;
  if (!res.ok || typeof body.access_token !== 'string')
    throw new Error(`token endpoint answered ${res.status} ${String(body.error ?? '')}`);
  return {
    accessToken: body.access_token,
    refreshToken: typeof body.refresh_token === 'string' ? body.refresh_token : '',
    idToken: typeof body.id_token === 'string' ? body.id_token : '',
  };
}

/** The signed-in person's claims from the userinfo endpoint. */
export async function userInfo(p: Provider, accessToken: string): Promise<Record<string, unknown>> {
  const { userinfo_endpoint } = await discover(p);
  if (!userinfo_endpoint) return {};
  const res = await fetch(userinfo_endpoint, {
    headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' },
  });
  if (!res.ok) throw new Error(`userinfo answered ${res.status}`);
  return (await res.json()) as Record<string, unknown>;
}

/**
 * Verifies an ID token's signature (the provider's JWKS), issuer and expiry; the audience is
 * the caller's to check. With an access token and an at_hash claim, the hash must match.
 */
export async function verifyIdToken(
  p: Provider,
  idToken: string,
  accessToken = '',
): Promise<JWTPayload> {
  const { jwks_uri, issuer } = await discover(p);
  let keys = p.learnt.keySets.get(jwks_uri);
  if (!keys) {
    keys = createRemoteJWKSet(new URL(jwks_uri));
    p.learnt.keySets.set(jwks_uri, keys);
  }
  const { payload, protectedHeader } = await jwtVerify(idToken, keys, { issuer });
  if (accessToken && typeof payload.at_hash === 'string') {
    const bits = Number(/\d+$/.exec(protectedHeader.alg)?.[0] ?? 256);
    const digest = createHash(`sha${bits === 384 || bits === 512 ? bits : 256}`)
      .update(accessToken)
      .digest();
    if (digest.subarray(0, digest.length / 2).toString('base64url') !== payload.at_hash)
      throw new Error('access token hash does not match at_hash');
  }
  return payload;
}
