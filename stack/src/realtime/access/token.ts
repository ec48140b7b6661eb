// Who a socket or channel acts as: the access token verified as Supabase Realtime verifies it
// (signature, then `role` and `exp` present, then not expired). Opaque `sb_` API keys stand for
// their role, as the hosted gateway hands Realtime a token of that role.
import { JwtError, type Keys } from '../../keys/keys.ts';
import type { JsonObject } from '../protocol/frames.ts';

export interface Identity {
  role: string;
  claims: JsonObject;
  /** Seconds since the epoch; undefined for API keys, which do not expire. */
  exp?: number;
  /** The token as sent, to tell a refresh from a repeat. */
  token: string;
}

export type TokenFailure =
  | { reason: 'expired'; secondsAgo: number }
  | { reason: 'missing-claims' }
  | { reason: 'malformed' }
  | { reason: 'signature' };

export type Verified = { ok: true; identity: Identity } | { ok: false; failure: TokenFailure };

function peekExp(token: string): number | undefined {
  try {
    const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString());
    return typeof payload?.exp === 'number' ? payload.exp : undefined;
  } catch {
    return undefined;
  }
}

export function createTokenVerifier(keys: Keys) {
  return async function verifyToken(raw: string): Promise<Verified> {
    const token = decodeURIComponent(raw).replace(/\s/g, '');
    const apiKey = token.startsWith('sb_') ? keys.identifyApiKey(token) : undefined;
    if (apiKey)
      return { ok: true, identity: { role: apiKey.role, claims: { role: apiKey.role }, token } };
    if (token.split('.').length !== 3) return { ok: false, failure: { reason: 'malformed' } };
    let claims: JsonObject;
    try {
      claims = (await keys.verify(token)) as JsonObject;
    } catch (error) {
      if (error instanceof JwtError && error.reason === 'expired') {
        const exp = peekExp(token) ?? 0;
        return {
          ok: false,
          failure: {
            reason: 'expired',
            secondsAgo: Math.max(0, Math.floor(Date.now() / 1000) - exp),
          },
        };
      }
      // A bad signature or an unknown key is a signature failure; anything else (claims that
      // are not JSON, an unreadable header) means the token is not a valid JWT.
      const signature =
        error instanceof JwtError &&
        error.reason === 'invalid' &&
        /signature|key/i.test(error.message);
      return { ok: false, failure: { reason: signature ? 'signature' : 'malformed' } };
    }
    if (typeof claims.role !== 'string' || typeof claims.exp !== 'number')
      return { ok: false, failure: { reason: 'missing-claims' } };
    return { ok: true, identity: { role: claims.role, claims, exp: claims.exp, token } };
  };
}

export type VerifyToken = ReturnType<typeof createTokenVerifier>;
