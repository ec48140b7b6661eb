// GET|POST /callback: where the provider sends the browser back. The state is checked (a bad one
// goes back to site_url), the code is exchanged at the provider's token endpoint, the person read
// from the ID token (or userinfo), the account found, linked or created (account.ts), and the
// browser sent to the app: with `?code=` for a PKCE flow, with the session in the fragment
// otherwise. Errors go back to the app's redirect URL as Supabase Auth sends them.
import { endpoint, refusal, type AuthDeps } from '../endpoint.ts';
import { AuthError, OAuthError, authError } from '../errors.ts';
import { notify } from '../notifications.ts';
import type { AuthQueries } from '../store/index.ts';
import type { UserRow } from '../store/rows.ts';
import { issueSession, type TokenResponse } from '../tokens.ts';
import { linkToUser, signInExternal } from './account.ts';
import { personFromClaims, type ExternalPerson } from './claims.ts';
import {
  ProviderUnavailable,
  enabledProvider,
  exchangeCode,
  userInfo,
  verifyIdToken,
} from './provider.ts';
import { STATE_EXPIRY_SECONDS, readState, type OAuthState } from './state.ts';
import type { Provider, ProviderTokens } from './provider.ts';

const OAUTH_ERRORS: Record<number, string> = {
  400: 'invalid_request',
  401: 'unauthorized_client',
  403: 'access_denied',
  500: 'server_error',
  503: 'temporarily_unavailable',
};
/** Refusals the app is told are the person's: access denied. */
const DENIED = new Set(['signup_disabled', 'user_banned', 'provider_email_needs_verification']);

const redirect = (url: string, status = 302) =>
  new Response(null, { status, headers: { location: url } });

function errorParams(error: AuthError | OAuthError): [string, string][] {
  if (error instanceof OAuthError)
    return [
      ['error', error.error],
      ['error_description', error.description],
    ];
  const kind = DENIED.has(error.errorCode)
    ? 'access_denied'
    : (OAUTH_ERRORS[error.status] ?? 'server_error');
  return [
    ['error', kind],
    ['error_code', error.errorCode],
    ['error_description', error.message],
  ];
}

/** The app's redirect URL with the error in its query and (with `sb`) in its fragment. */
export function errorRedirect(to: string, error: AuthError | OAuthError): string {
  const url = new URL(to);
  const fragment = new URLSearchParams();
  for (const [k, v] of errorParams(error)) {
    url.searchParams.set(k, v);
    fragment.set(k, v);
  }
  fragment.set('sb', '');
  url.hash = fragment.toString();
  return url.toString();
}

export const callback = endpoint({}, async (request, _params, { deps, ip }) => {
  const params =
    request.method === 'POST'
      ? new URLSearchParams(await request.text())
      : new URL(request.url).searchParams;
  const token = params.get('state') ?? '';
  const state = token ? await readState(deps.config, token) : undefined;
  if (!state) {
    // Without a state there is no app to go back to: site_url, with the error in the query.
    const error = token
      ? authError('bad_oauth_state', 'OAuth callback with invalid state')
      : authError('bad_oauth_callback', 'OAuth state parameter missing');
    const url = new URL(deps.config.auth.siteUrl);
    for (const [k, v] of errorParams(error)) url.searchParams.set(k, v);
    return refusal(redirect(url.toString(), 303));
  }
  try {
    return redirect(await complete(deps, request, params, state, ip));
  } catch (error) {
    if (error instanceof AuthError || error instanceof OAuthError)
      return refusal(redirect(errorRedirect(state.referrer, error)));
    throw error;
  }
});

async function complete(
  deps: AuthDeps,
  request: Request,
  params: URLSearchParams,
  state: OAuthState,
  ip: string,
): Promise<string> {
  const providerError = params.get('error');
  if (providerError) throw new OAuthError(providerError, params.get('error_description') ?? '');
  const code = params.get('code');
  if (!code)
    throw authError('bad_oauth_callback', 'OAuth callback with missing authorization code missing');
  let provider: Provider;
  try {
    provider = enabledProvider(deps, state.provider);
  } catch (error) {
    if (error instanceof ProviderUnavailable)
      throw authError('validation_failed', `Unsupported provider: ${error.message}`);
    throw error;
  }
  // A used or stale PKCE flow is refused before the provider's code is spent.
  if (state.flow_state_id) await deps.store.transaction((q) => flowFor(q, state.flow_state_id!));
  const { tokens, person } = await readPerson(provider, code);

  let linked: UserRow | undefined;
  type Outcome = { failure: AuthError } | { code: string } | { session: TokenResponse };
  const outcome = await deps.store.transaction(async (q): Promise<Outcome> => {
    let user: UserRow;
    if (state.linking_target_id) {
      user = linked = await linkToUser(q, person, state.linking_target_id, ip);
    } else {
      const signedIn = await signInExternal(deps, q, person, ip, state.referrer);
      if (signedIn.failure) return { failure: signedIn.failure };
      user = signedIn.user;
    }
    const flowStateId = state.flow_state_id;
    if (flowStateId) {
      const flow = await flowFor(q, flowStateId);
      await q.completeOAuthFlowState(flow.id, user.id, tokens.accessToken, tokens.refreshToken);
      return { code: flow.auth_code };
    }
    const session = await issueSession(deps, q, user.id, 'oauth', {
      userAgent: request.headers.get('user-agent'),
      ip,
      traits: { provider: provider.name },
    });
    return { session };
  });
  if ('failure' in outcome) throw outcome.failure;
  if (linked) await notify(deps, 'identity_linked', linked, ip, { Provider: provider.name });

  const url = new URL(state.referrer);
  if ('code' in outcome) {
    url.searchParams.set('code', outcome.code);
    return url.toString();
  }
  const s = outcome.session;
  const fragment = new URLSearchParams({
    access_token: s.access_token,
    expires_at: String(s.expires_at),
    expires_in: String(s.expires_in),
    provider_token: tokens.accessToken,
  });
  if (tokens.refreshToken) fragment.set('provider_refresh_token', tokens.refreshToken);
  fragment.set('refresh_token', s.refresh_token);
  fragment.set('token_type', s.token_type);
  url.hash = fragment.toString();
  return url.toString();
}

async function flowFor(q: AuthQueries, id: string) {
  const flow = await q.lockOAuthFlowState(id, STATE_EXPIRY_SECONDS);
  if (!flow) throw authError('bad_oauth_state', 'OAuth state not found or expired');
  if (flow.expired) throw authError('bad_oauth_state', 'OAuth state has expired');
  if (flow.user_id) throw authError('flow_state_already_used', 'State has already been used');
  return flow;
}

/** The code exchanged for the provider's tokens, and who the person is. */
async function readPerson(
  provider: Provider,
  code: string,
): Promise<{ tokens: ProviderTokens; person: ExternalPerson }> {
  let tokens: ProviderTokens;
  try {
    tokens = await exchangeCode(provider, code);
  } catch {
    throw authError('unexpected_failure', `Unable to exchange external code: ${code.slice(0, 4)}`);
  }
  let claims: Record<string, unknown>;
  try {
    if (tokens.idToken) {
      claims = await verifyIdToken(provider, tokens.idToken, tokens.accessToken);
      const aud = ([] as unknown[]).concat(claims.aud);
      if (!aud.includes(provider.clientId)) throw new Error('the ID token is for another client');
    } else claims = await userInfo(provider, tokens.accessToken);
  } catch {
    throw authError('unexpected_failure', 'Error getting user profile from external provider');
  }
  const person = personFromClaims(provider.name, claims);
  if (!person.email || !person.subject)
    throw authError('unexpected_failure', 'Error getting user email from external provider');
  return { tokens, person };
}
