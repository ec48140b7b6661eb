// GET /authorize?provider=… (sign in with a provider) and GET /user/identities/authorize (link a
// provider to the signed-in user, with [auth] enable_manual_linking): the browser is sent to the
// provider's authorization endpoint with a signed state; a code_challenge starts a PKCE flow
// state. Query parameters the app adds (prompt, login_hint, nonce …) go on to the provider, but
// not those this server sets itself.
import { z } from 'zod';
import { endpoint, userEndpoint, type AuthDeps } from '../endpoint.ts';
import { authError } from '../errors.ts';
import { param } from '../params.ts';
import { checkPkceParams } from '../pkce.ts';
import { redirectFor } from '../redirect.ts';
import {
  ProviderUnavailable,
  authorizationUrl,
  enabledProvider,
  type Provider,
} from './provider.ts';
import { signState } from './state.ts';

const AuthorizeQuery = z.object({
  provider: param,
  scopes: param,
  code_challenge: param,
  code_challenge_method: param,
  skip_http_redirect: param,
});
type AuthorizeParams = z.output<typeof AuthorizeQuery>;

/** Ours, or the OAuth request's own: never taken from the app's query. */
const RESERVED = new Set([
  'provider',
  'scopes',
  'redirect_to',
  'code_challenge',
  'code_challenge_method',
  'skip_http_redirect',
  'invite_token',
  'client_id',
  'client_secret',
  'redirect_uri',
  'response_type',
  'response_mode',
  'state',
  'scope',
]);

/** The provider the query names, or GoTrue's validation_failed "Unsupported provider: …". */
export function providerFor(deps: AuthDeps, name: string): Provider {
  try {
    return enabledProvider(deps, name);
  } catch (error) {
    if (error instanceof ProviderUnavailable)
      throw authError('validation_failed', `Unsupported provider: ${error.message}`);
    throw error;
  }
}

async function providerRedirect(
  deps: AuthDeps,
  request: Request,
  p: AuthorizeParams,
  linkingTargetId?: string,
): Promise<string> {
  const provider = providerFor(deps, p.provider);
  const referrer = redirectFor(request, deps.config);
  const pkce = checkPkceParams(p.code_challenge, p.code_challenge_method);
  const flowStateId = pkce
    ? await deps.store.createOAuthFlowState({
        provider: provider.name,
        challenge: p.code_challenge,
        method: p.code_challenge_method,
      })
    : undefined;
  const state = await signState(deps.config, {
    provider: provider.name,
    referrer,
    ...(flowStateId ? { flow_state_id: flowStateId } : {}),
    ...(linkingTargetId ? { linking_target_id: linkingTargetId } : {}),
  });
  const scopes = new Set(['openid', 'email', 'profile', ...p.scopes.split(/[\s,]+/)]);
  scopes.delete('');
  const extra: Record<string, string> = {};
  for (const [key, value] of new URL(request.url).searchParams)
    if (!RESERVED.has(key.toLowerCase())) extra[key] = value;
  return authorizationUrl(provider, {
    ...extra,
    client_id: provider.clientId,
    redirect_uri: provider.redirectUri,
    response_type: 'code',
    scope: [...scopes].join(' '),
    state,
  });
}

const found = (url: string) => new Response(null, { status: 302, headers: { location: url } });

export const authorize = endpoint({ query: AuthorizeQuery }, async (request, p, { deps }) =>
  found(await providerRedirect(deps, request, p)),
);

export const linkIdentity = userEndpoint(
  { query: AuthorizeQuery },
  async (request, p, { deps, session }) => {
    if (!deps.config.auth.enableManualLinking)
      throw authError('manual_linking_disabled', 'Manual linking is disabled');
    const url = await providerRedirect(deps, request, p, session.user.id);
    return p.skip_http_redirect === 'true' ? Response.json({ url }) : found(url);
  },
);
