// Who a socket or channel acts as: the access token verified as Supabase Realtime verifies it
// (signature, then `role` and `exp` present, then not expired). The project's opaque keys
// (context/caller.ts) stand for their role, as the hosted gateway hands Realtime a token of it.
import { resolveToken } from '../../context/caller.ts';
import type { Keys } from '../../keys/keys.ts';
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

export function createTokenVerifier(keys: Keys) {
  return async function verifyToken(raw: string): Promise<Verified> {
    const token = decodeURIComponent(raw).replace(/\s/g, '');
    const resolved = await resolveToken(keys, token);
    if (!resolved.ok) {
      const { failure } = resolved;
      if (failure.kind === 'expired') {
        const secondsAgo = Math.max(0, Math.floor(Date.now() / 1000) - (failure.exp ?? 0));
        return { ok: false, failure: { reason: 'expired', secondsAgo } };
      }
      // A bad signature or an unknown kid is a signature failure; anything else (not three
      // parts, claims that are not JSON, an unknown project key) is not a valid JWT.
      const reason = failure.kind === 'bad-signature' ? 'signature' : 'malformed';
      return { ok: false, failure: { reason } };
    }
    const who = resolved.value;
    if (who.via === 'key')
      return { ok: true, identity: { role: who.role, claims: { role: who.role }, token } };
    const claims = who.claims as JsonObject;
    if (typeof claims.role !== 'string' || typeof claims.exp !== 'number')
      return { ok: false, failure: { reason: 'missing-claims' } };
    return { ok: true, identity: { role: claims.role, claims, exp: claims.exp, token } };
  };
}

export type VerifyToken = ReturnType<typeof createTokenVerifier>;
