// Runs work as the caller, the way PostgREST does: one transaction, the caller's role, and the
// request's JWT claims, headers, method and path as transaction-local settings. Row-level
// security and grants then decide what the work may see and change.
import type { Database, PgError, Queryable } from './adapter.ts';

export interface Caller {
  /** A role granted to `authenticator` (anon, authenticated, service_role, …). */
  role: string;
  /** The verified JWT claims (or {role} for an API key without a user). */
  claims: Record<string, unknown>;
  headers?: Record<string, string>;
  cookies?: Record<string, string>;
  method?: string;
  path?: string;
  /**
   * More transaction-local settings applied in the same round trip (e.g. search_path,
   * transaction_read_only). Names and values are parameters like everything else.
   */
  settings?: Record<string, string>;
}

const SET_CALLER = `
  select set_config('role', $1, true),
         set_config('request.jwt.claims', $2, true),
         set_config('request.headers', $3, true),
         set_config('request.cookies', $4, true),
         set_config('request.method', $5, true),
         set_config('request.path', $6, true)`;
const ROLE_ALLOWED = `
  where exists (select 1 from pg_roles where rolname = $1)
    and pg_has_role('authenticator', $1, 'member')`;

/** Applies the caller's role and settings to an open transaction, in one statement. */
export async function setCaller(tx: Queryable, caller: Caller): Promise<void> {
  const extra = Object.entries(caller.settings ?? {});
  const extraSql = extra.map((_, i) => `, set_config($${7 + 2 * i}, $${8 + 2 * i}, true)`).join('');
  const result = await tx.query(SET_CALLER + extraSql + ROLE_ALLOWED, [
    caller.role,
    JSON.stringify(caller.claims),
    JSON.stringify(caller.headers ?? {}),
    JSON.stringify(caller.cookies ?? {}),
    caller.method ?? '',
    caller.path ?? '',
    ...extra.flat(),
  ]);
  if (result.rows.length === 0) {
    const error = new Error(`role "${caller.role}" does not exist`) as PgError;
    error.code = '22023';
    throw error;
  }
}

/** Runs fn in one transaction as the caller. */
export function asCaller<T>(
  db: Database,
  caller: Caller,
  fn: (tx: Queryable) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    await setCaller(tx, caller);
    return fn(tx);
  });
}
