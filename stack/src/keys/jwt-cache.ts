// A cache of verified JWTs, as PostgREST keeps one (jwt-cache-max-entries): the same bearer token
// is verified once and its claims reused until it expires. Bounded, oldest entry evicted first.
// REST and Storage verify the bearer token of every request through one.
import type { JWTPayload } from 'jose';
import type { Keys } from './keys.ts';

const MAX_ENTRIES = 1000;

/** Keys whose verify() remembers successful verifications until the token's exp. */
export function withJwtCache<K extends Pick<Keys, 'verify'>>(
  keys: K,
  now: () => number = () => Date.now() / 1000,
): K {
  const cache = new Map<string, JWTPayload>();
  return {
    ...keys,
    verify(token: string): JWTPayload | Promise<JWTPayload> {
      const hit = cache.get(token);
      // A hit is answered at once: a request with a known token waits on nothing to know it.
      if (hit && (typeof hit.exp !== 'number' || hit.exp > now())) return hit;
      if (hit) cache.delete(token);
      return verifyAndKeep(token);
    },
  };
  async function verifyAndKeep(token: string): Promise<JWTPayload> {
    // Frozen: every request with this token shares the object (and its JSON, as-caller.ts).
    const claims = Object.freeze(await keys.verify(token));
    // Tokens without exp are not cached: they would never be checked again.
    if (typeof claims.exp === 'number') {
      if (cache.size >= MAX_ENTRIES) cache.delete(cache.keys().next().value!);
      cache.set(token, claims);
    }
    return claims;
  }
}
