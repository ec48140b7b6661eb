// The `state` of an OAuth sign-in: a short-lived HS256 JWT (as Supabase Auth's external provider
// claims were) carrying the provider, where to send the browser back, the PKCE flow state and
// the user a manual link is for. Its key is derived from the JWT secret, so a state is never
// mistaken for an access token.
import { createHash } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import type { Config } from '../../config/config.ts';

/** How long the provider's sign-in may take (GoTrue's flow state expiry). */
export const STATE_EXPIRY_SECONDS = 300;

export interface OAuthState {
  provider: string;
  referrer: string;
  flow_state_id?: string;
  linking_target_id?: string;
}

const keyOf = (config: Config) =>
  createHash('sha256').update(`sheaf-oauth-state:${config.auth.jwtSecret}`).digest();

export function signState(config: Config, state: OAuthState): Promise<string> {
  return new SignJWT({ ...state, site_url: config.auth.siteUrl })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt()
    .setExpirationTime(`${STATE_EXPIRY_SECONDS}s`)
    .sign(keyOf(config));
}

/** The state's claims, or undefined when it is not one this server signed or it expired. */
export async function readState(config: Config, token: string): Promise<OAuthState | undefined> {
  try {
    const { payload } = await jwtVerify(token, keyOf(config), { algorithms: ['HS256'] });
    if (typeof payload.provider !== 'string' || typeof payload.referrer !== 'string')
      return undefined;
    return {
      provider: payload.provider,
      referrer: payload.referrer,
      flow_state_id: typeof payload.flow_state_id === 'string' ? payload.flow_state_id : undefined,
      linking_target_id:
        typeof payload.linking_target_id === 'string' ? payload.linking_target_id : undefined,
    };
  } catch {
    return undefined;
  }
}
