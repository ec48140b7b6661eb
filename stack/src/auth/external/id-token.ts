// POST /token?grant_type=id_token: an app that signed the person in with the provider itself
// (Sign in with Google on a phone, Google One Tap) hands over the provider's ID token. It is
// verified as Supabase Auth verifies it — the provider's keys, issuer and expiry, an audience
// among the client_id(s), the at_hash with an access_token, and the nonce (the token carries the
// SHA-256 hex of the one the app sends, unless skip_nonce_check) — and then signs in like the
// OAuth callback (account.ts), or with link_identity links to the signed-in user.
import { createHash } from 'node:crypto';
import type { z } from 'zod';
import type { AuthDeps } from '../endpoint.ts';
import { OAuthError } from '../errors.ts';
import { requireSession } from '../guards.ts';
import { ID_TOKEN_ISSUERS, refuseIdToken, type IdTokenBody } from '../handlers/disabled.ts';
import { notify } from '../notifications.ts';
import type { UserRow } from '../store/rows.ts';
import { issueSession, type TokenResponse } from '../tokens.ts';
import { linkToUser, signInExternal } from './account.ts';
import { personFromClaims } from './claims.ts';
import { enabledProvider, verifyIdToken, type Provider } from './provider.ts';
import type { AuthError } from '../errors.ts';

type Params = z.output<typeof IdTokenBody>;

/** The enabled provider the request names (by name, or by issuer), or undefined. */
function providerOf(deps: AuthDeps, p: Params): Provider | undefined {
  const names = Object.keys(ID_TOKEN_ISSUERS).filter((n) => deps.config.auth.external[n]?.enabled);
  for (const name of names) {
    let resolved: Provider;
    try {
      resolved = enabledProvider(deps, name);
    } catch {
      continue;
    }
    if (p.provider ? p.provider === name : p.issuer === resolved.issuer) return resolved;
  }
  return undefined;
}

const invalid = (description: string) => new OAuthError('invalid request', description);

export async function idTokenGrant(
  deps: AuthDeps,
  request: Request,
  p: Params,
  meta: { userAgent: string | null; ip: string },
): Promise<TokenResponse> {
  if (!p.id_token) throw invalid('id_token required');
  if (!p.provider && (!p.client_id || !p.issuer))
    throw invalid('provider or client_id and issuer required');
  let targetId: string | undefined;
  if (p.link_identity) {
    if (!request.headers.get('authorization'))
      throw invalid('Linking requires a valid user access token in Authorization');
    targetId = (await requireSession(deps.keys, deps.store, request)).user.id;
  }
  const provider = providerOf(deps, p);
  if (!provider) return refuseIdToken(p);

  let claims: Record<string, unknown>;
  try {
    claims = await verifyIdToken(provider, p.id_token, p.access_token);
  } catch {
    throw invalid('Bad ID token');
  }
  if (typeof claims.sub !== 'string' || !claims.sub) throw invalid('Missing sub claim in id_token');
  const audience = ([] as unknown[]).concat(claims.aud ?? []).map(String);
  if (!provider.audiences.some((id) => audience.includes(id)))
    throw invalid(`Unacceptable audience in id_token: [${audience.join(' ')}]`);
  if (!provider.skipNonceCheck) {
    const tokenNonce = typeof claims.nonce === 'string' ? claims.nonce : '';
    if (!!tokenNonce !== !!p.nonce)
      throw invalid('Passed nonce and nonce in id_token should either both exist or not.');
    if (tokenNonce && createHash('sha256').update(p.nonce).digest('hex') !== tokenNonce)
      throw new OAuthError('invalid nonce', 'Nonces mismatch');
  }

  const person = personFromClaims(provider.name, claims);
  let failure: AuthError | undefined;
  let linked: UserRow | undefined;
  const session = await deps.store.transaction(async (q) => {
    let userId: string;
    if (targetId) {
      linked = await linkToUser(q, person, targetId, meta.ip);
      userId = linked.id;
    } else {
      const signedIn = await signInExternal(deps, q, person, meta.ip, deps.config.auth.siteUrl);
      failure = signedIn.failure;
      if (failure) return undefined;
      userId = signedIn.user.id;
    }
    return issueSession(deps, q, userId, 'oauth', {
      ...meta,
      traits: { provider: provider.name },
    });
  });
  if (failure || !session) throw failure;
  if (linked) await notify(deps, 'identity_linked', linked, meta.ip, { Provider: provider.name });
  return session;
}
