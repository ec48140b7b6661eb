// The legacy API keys: HS256 JWTs signed with [auth] jwt_secret, byte for byte what the Supabase
// CLI derives for the same secret, and the opaque sb_publishable_/sb_secret_ keys.
import { createHmac } from 'node:crypto';

/** Expiry the CLI puts in its derived keys (2032-11-12). */
const LEGACY_KEY_EXPIRY = 1983812996;

/** The Supabase CLI's local opaque keys. */
export const LOCAL_PUBLISHABLE_KEY = 'sb_publishable_ACJWlzQHlZjBrEguHvfOxg_3BJgxAaH';
export const LOCAL_SECRET_KEY = 'sb_secret_N7UND0UgjKTVK-Uodkm0Hg_xSvEMPvz';

function base64url(input: string | Buffer): string {
  return Buffer.from(input).toString('base64url');
}

/** Signs claims as a compact HS256 JWT, keeping the claims' key order. */
export function signHs256(claims: Record<string, unknown>, secret: string): string {
  const header = base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  const payload = base64url(JSON.stringify(claims));
  const signature = createHmac('sha256', secret).update(`${header}.${payload}`).digest('base64url');
  return `${header}.${payload}.${signature}`;
}

export function deriveLegacyKeys(jwtSecret: string): { anonKey: string; serviceRoleKey: string } {
  return {
    anonKey: signHs256({ iss: 'supabase-demo', role: 'anon', exp: LEGACY_KEY_EXPIRY }, jwtSecret),
    serviceRoleKey: signHs256(
      { iss: 'supabase-demo', role: 'service_role', exp: LEGACY_KEY_EXPIRY },
      jwtSecret,
    ),
  };
}
