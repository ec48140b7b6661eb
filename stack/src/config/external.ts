// [auth.external.<provider>]: the OAuth providers a project signs in with, read with the Supabase
// CLI's keys (enabled, client_id, secret, redirect_uri, url, skip_nonce_check). Which names Auth
// knows is the auth service's business; every table under [auth.external] is read here.
import { ConfigError, type Reader, table, type Table } from './values.ts';

export interface ExternalProviderConfig {
  enabled: boolean;
  clientId: string;
  secret: string;
  /** Where the provider sends the browser back; '' means the stack's own /auth/v1/callback. */
  redirectUri: string;
  /** The provider's issuer; '' means the stack's test identity provider serves this provider. */
  url: string;
  skipNonceCheck: boolean;
}

export function readExternal(r: Reader, auth: Table): Record<string, ExternalProviderConfig> {
  const external = table(auth, 'external', 'auth');
  const out: Record<string, ExternalProviderConfig> = {};
  for (const name of Object.keys(external)) {
    const p = `auth.external.${name}`;
    const t = table(external, name, 'auth.external');
    const url = r.string(t, 'url', p, '');
    if (url) {
      try {
        new URL(url);
      } catch {
        throw new ConfigError(`${p}.url`, 'an absolute URL', url);
      }
    }
    out[name] = {
      enabled: r.bool(t, 'enabled', p, false),
      clientId: r.string(t, 'client_id', p, ''),
      secret: r.string(t, 'secret', p, ''),
      redirectUri: r.string(t, 'redirect_uri', p, ''),
      url,
      skipNonceCheck: r.bool(t, 'skip_nonce_check', p, false),
    };
  }
  return out;
}

/** Where the stack serves its test identity providers (one per provider, see test-idp/). */
export const TEST_IDP_PATH = '/auth/v1/test-idp';
/** The client the test identity provider registers when config.toml names none. */
export const TEST_IDP_CLIENT_SECRET = 'sheaf-test-idp-secret';

/** A provider as the stack talks to it: its issuer and the client registered there. */
export interface ResolvedProvider {
  name: string;
  /** The OpenID issuer: `url`, or the stack's own test identity provider. */
  issuer: string;
  clientId: string;
  /** Every audience an ID token may carry: client_id may list several, comma-separated. */
  audiences: string[];
  secret: string;
  redirectUri: string;
  skipNonceCheck: boolean;
  /** Served by the stack's test identity provider (no `url`). */
  testIdp: boolean;
}

export function resolveProvider(
  name: string,
  p: ExternalProviderConfig,
  apiUrl: string,
): ResolvedProvider {
  const testIdp = !p.url;
  const ids = p.clientId
    .split(',')
    .map((id) => id.trim())
    .filter(Boolean);
  const clientId = ids[0] ?? (testIdp ? `sheaf-local-${name}` : '');
  return {
    name,
    issuer: (p.url || `${apiUrl}${TEST_IDP_PATH}/${name}`).replace(/\/$/, ''),
    clientId,
    audiences: ids.length ? ids : [clientId],
    secret: p.secret || (testIdp ? TEST_IDP_CLIENT_SECRET : ''),
    redirectUri: p.redirectUri || `${apiUrl}/auth/v1/callback`,
    skipNonceCheck: p.skipNonceCheck,
    testIdp,
  };
}
