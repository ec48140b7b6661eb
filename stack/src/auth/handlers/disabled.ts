// What this stack does not run — OAuth providers, ID tokens, Web3, SSO/SAML, identity linking —
// answered as Supabase Auth answers while they are turned off, so a client meets the same
// errors as on a project without them (rather than a 404 from no route).
import { z } from 'zod';
import { endpoint, userEndpoint } from '../endpoint.ts';
import { OAuthError, authError } from '../errors.ts';
import { param, text } from '../params.ts';
import { OAUTH_PROVIDERS } from './settings.ts';

/** GET /authorize?provider=…: the start of an OAuth sign-in. */
export const authorize = endpoint(
  { query: z.object({ provider: param }) },
  async (_request, { provider }) => {
    const reason = OAUTH_PROVIDERS.includes(provider)
      ? 'provider is not enabled'
      : `Provider ${provider} could not be found`;
    throw authError('validation_failed', `Unsupported provider: ${reason}`);
  },
);

/** The issuers of the providers whose ID tokens Supabase Auth accepts. */
const ID_TOKEN_ISSUERS: Record<string, string> = {
  apple: 'https://appleid.apple.com',
  azure: 'https://login.microsoftonline.com/common/v2.0',
  facebook: 'https://www.facebook.com',
  google: 'https://accounts.google.com',
  kakao: 'https://kauth.kakao.com',
  keycloak: '',
  snapchat: 'https://accounts.snapchat.com/accounts/oauth2/token',
  vercel_marketplace: 'https://marketplace.vercel.com',
};

export const IdTokenBody = z.object({
  id_token: text,
  provider: text,
  client_id: text,
  issuer: text,
});

/** POST /token?grant_type=id_token: no provider is enabled, so no ID token signs in. */
export function refuseIdToken(p: z.output<typeof IdTokenBody>): never {
  if (!p.id_token) throw new OAuthError('invalid request', 'id_token required');
  if (!p.provider && (!p.client_id || !p.issuer))
    throw new OAuthError('invalid request', 'provider or client_id and issuer required');
  const known =
    p.provider in ID_TOKEN_ISSUERS
      ? p.provider
      : Object.keys(ID_TOKEN_ISSUERS).find((k) => p.issuer && ID_TOKEN_ISSUERS[k] === p.issuer);
  if (!known)
    throw authError('validation_failed', `Custom OIDC provider "${p.provider}" not allowed`);
  throw authError(
    'provider_disabled',
    `Provider (issuer "${ID_TOKEN_ISSUERS[known]}") is not enabled`,
  );
}

/** POST /token?grant_type=web3: Sign in with Solana or Ethereum is off. */
export function refuseWeb3(): never {
  throw authError('web3_provider_disabled', 'Web3 provider is disabled');
}

/** POST /sso: SAML 2.0 single sign-on is off. */
export const sso = endpoint({}, async () => {
  throw authError('saml_provider_disabled', 'SAML 2.0 is disabled');
});

/** GET /user/identities/authorize, DELETE /user/identities/{id}: manual linking is off. */
export const identities = userEndpoint({}, async () => {
  throw authError('manual_linking_disabled', 'Manual linking is disabled');
});
