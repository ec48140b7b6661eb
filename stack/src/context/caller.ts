// Resolves who is calling a data API (REST, Storage, Realtime): the bearer JWT when there is
// one, or the role of the API key. Services turn a JwtError into their own error shape.
import type { Context } from 'hono';
import type { JWTPayload } from 'jose';
import type { Caller } from '../db/as-caller.ts';
import { JwtError, type Keys } from '../keys/keys.ts';
import type { ServiceEnv } from './context.ts';

export interface ResolvedCaller extends Caller {
  /** The raw bearer JWT, when the caller sent one. */
  token?: string;
}

/** Returns the bearer token of the Authorization header, if any. */
export function bearerToken(c: Context): string | undefined {
  const header = c.req.header('authorization');
  const match = header ? /^bearer\s+(.+)$/i.exec(header.trim()) : null;
  return match ? match[1]!.trim() : undefined;
}

/**
 * Verifies the bearer JWT (opaque sb_ keys and a missing header fall back to the API key's role).
 * Throws JwtError when a JWT is present but invalid or expired.
 */
export async function resolveCaller(c: Context<ServiceEnv>, keys: Keys): Promise<ResolvedCaller> {
  const token = bearerToken(c);
  const headers: Record<string, string> = {};
  c.req.raw.headers.forEach((value, name) => {
    headers[name] = value;
  });
  const base = { headers, method: c.req.method, path: c.req.path };
  if (token && !keys.identifyApiKey(token)?.kind.match(/publishable|secret/)) {
    if (token.split('.').length !== 3)
      throw new JwtError('malformed', 'Expected 3 parts in JWT; got ' + token.split('.').length);
    const claims: JWTPayload = await keys.verify(token);
    const role = typeof claims.role === 'string' && claims.role ? claims.role : 'anon';
    return { ...base, role, claims: claims as Record<string, unknown>, token };
  }
  const apikey = token ? keys.identifyApiKey(token) : c.get('apikey');
  const role = apikey?.role ?? 'anon';
  return { ...base, role, claims: { role } };
}
