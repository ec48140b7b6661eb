// What this stack does not run — ID tokens of providers not enabled, Web3, SSO/SAML — answered
// as Supabase Auth answers while they are turned off, so a client meets the same errors as on a
// project without them (rather than a 404 from no route). OAuth sign-in is in external/.
import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { OAuthError, authError } from '../errors.ts';
import { flag, text } from '../params.ts';

/** The issuers of the providers whose ID tokens Supabase Auth accepts. */
export const ID_TOKEN_ISSUERS: Record<string, string> = {
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
  nonce: text,
  access_token: text,
  link_identity: flag,
});

/** POST /token?grant_type=id_token for a provider that is not enabled (or not an OIDC one). */
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
