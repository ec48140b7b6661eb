// The admin API's gate: a service_role JWT or the secret key as the bearer token, answered with
// no_authorization / bad_jwt / not_admin as Supabase Auth answers other callers.
import type { Context } from 'hono';
import { bearerToken } from '../../context/caller.ts';
import type { ServiceEnv } from '../../context/context.ts';
import type { AuthDeps } from '../deps.ts';
import { authError } from '../errors.ts';

const ADMIN_ROLES = new Set(['service_role', 'supabase_admin']);

export async function requireAdmin(deps: AuthDeps, c: Context<ServiceEnv>): Promise<void> {
  const token = bearerToken(c);
  if (!token) {
    // The secret key alone (apikey header, no Authorization) stands for service_role, as the
    // hosted gateway turns it into a service_role token.
    if (c.get('apikey')?.kind === 'secret' && c.get('apikey')?.role === 'service_role') return;
    throw authError('no_authorization', 'This endpoint requires a valid Bearer token');
  }
  const apiKey = deps.ctx.keys.identifyApiKey(token);
  if (apiKey && apiKey.kind !== 'legacy') {
    if (apiKey.role === 'service_role') return;
    throw authError('not_admin', 'User not allowed');
  }
  let role: unknown;
  try {
    role = (await deps.ctx.keys.verify(token)).role;
  } catch (error) {
    throw authError(
      'bad_jwt',
      `invalid JWT: unable to parse or verify signature, ${(error as Error).message}`,
    );
  }
  if (typeof role !== 'string' || !ADMIN_ROLES.has(role))
    throw authError('not_admin', 'User not allowed');
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The `{user_id}` path parameter, checked as Supabase Auth checks it. */
export function userIdParam(c: Context): string {
  const id = c.req.param('user_id') ?? '';
  if (!UUID.test(id)) throw authError('validation_failed', 'user_id must be an UUID', 404);
  return id;
}

export function factorIdParam(c: Context): string {
  const id = c.req.param('factor_id') ?? '';
  if (!UUID.test(id)) throw authError('validation_failed', 'factor_id must be an UUID', 404);
  return id;
}

/** Parses a Go duration ("24h", "1h30m", "90s"); undefined when malformed. */
export function parseGoDuration(value: string): number | undefined {
  const units: Record<string, number> = {
    ns: 1e-6,
    us: 1e-3,
    µs: 1e-3,
    ms: 1,
    s: 1000,
    m: 60000,
    h: 3600000,
  };
  if (!/^(\d+(\.\d+)?(ns|us|µs|ms|s|m|h))+$/.test(value)) return undefined;
  let total = 0;
  for (const [, n, , unit] of value.matchAll(/(\d+(\.\d+)?)(ns|us|µs|ms|s|m|h)/g))
    total += Number(n) * units[unit!]!;
  return total;
}
