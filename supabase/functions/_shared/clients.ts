// Supabase clients for Sheaf's edge functions: one acting as the caller (their JWT, so row-level
// security decides), and the service-role client for what only the backend may do.
import {
  createClient,
  isAuthRetryableFetchError,
  type SupabaseClient,
} from 'npm:@supabase/supabase-js@2';
import { HttpError } from './http.ts';

function env(name: string): string {
  const value = Deno.env.get(name);
  if (!value) throw new Error(`${name} is not set`);
  return value;
}

function anonKey(): string {
  const legacy = Deno.env.get('SUPABASE_ANON_KEY');
  if (legacy) return legacy;
  const keys = JSON.parse(Deno.env.get('SUPABASE_PUBLISHABLE_KEYS') ?? '{}') as Record<
    string,
    string
  >;
  if (keys.default) return keys.default;
  throw new Error('SUPABASE_ANON_KEY is not set');
}

const noSession = { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false };

/** The service-role client: bypasses row-level security; use only after checking the caller. */
export function adminClient(): SupabaseClient {
  return createClient(env('SUPABASE_URL'), env('SUPABASE_SERVICE_ROLE_KEY'), { auth: noSession });
}

/** A client with the project's anon key and no user: what anyone on the web may do. */
export function anonClient(): SupabaseClient {
  return createClient(env('SUPABASE_URL'), anonKey(), { auth: noSession });
}

export interface Caller {
  id: string;
  email: string | undefined;
  aal: string;
  token: string;
  /** A client that sends the caller's JWT: every query runs under their RLS. */
  client: SupabaseClient;
}

/**
 * The token's claims when Auth vouches for it (signature checked against the JWKS, or /user for
 * symmetric tokens); null for any token that cannot be verified — malformed, expired, unknown key,
 * or a header that names another algorithm than its key's (WebCrypto throws for those, and
 * auth-js passes such errors through). Only Auth being unreachable is not the caller's fault.
 */
async function verifiedClaims(
  client: SupabaseClient,
  token: string,
): Promise<Record<string, unknown> | null> {
  try {
    const { data, error } = await client.auth.getClaims(token);
    if (isAuthRetryableFetchError(error))
      throw new HttpError(503, 'auth_unavailable', 'Sign-in could not be checked right now.');
    return error || !data ? null : (data.claims as Record<string, unknown>);
  } catch (error) {
    if (error instanceof HttpError) throw error;
    return null;
  }
}

/** The signed-in caller, with the JWT verified by Auth (JWKS or /user); 401 otherwise. */
export async function callerOf(req: Request): Promise<Caller> {
  const header = req.headers.get('Authorization') ?? '';
  const token = /^Bearer\s+(.+)$/i.exec(header)?.[1]?.trim();
  if (!token) throw new HttpError(401, 'unauthorized', 'Sign in to use this function.');
  const client = createClient(env('SUPABASE_URL'), anonKey(), {
    auth: noSession,
    global: { headers: { Authorization: `Bearer ${token}` } },
  });
  const claims = await verifiedClaims(client, token);
  if (!claims || typeof claims.sub !== 'string' || claims.role !== 'authenticated')
    throw new HttpError(401, 'unauthorized', 'Sign in to use this function.');
  return {
    id: claims.sub,
    email: typeof claims.email === 'string' ? claims.email : undefined,
    aal: typeof claims.aal === 'string' ? claims.aal : 'aal1',
    token,
    client,
  };
}

/** Refuses with 403 insufficient_aal when the caller has a verified factor but an aal1 token. */
export async function requireAssurance(caller: Caller): Promise<void> {
  if (caller.aal === 'aal2') return;
  const { data, error } = await caller.client.rpc('mfa_satisfied');
  if (error) throw new Error(`mfa_satisfied: ${error.message}`);
  if (data !== true)
    throw new HttpError(
      403,
      'insufficient_aal',
      'Verify your second factor (aal2) before doing this.',
    );
}
