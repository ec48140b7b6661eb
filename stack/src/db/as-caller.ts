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
}

const SET_CALLER = `
  select set_config('role', $1, true),
         set_config('request.jwt.claims', $2, true),
         set_config('request.headers', $3, true),
         set_config('request.cookies', $4, true),
         set_config('request.method', $5, true),
         set_config('request.path', $6, true)
  where exists (select 1 from pg_roles where rolname = $1)
    and pg_has_role('authenticator', $1, 'member')`;

/** Applies the caller's role and settings to an open transaction. */
export async function setCaller(tx: Queryable, caller: Caller): Promise<void> {
  const result = await tx.query(SET_CALLER, [
    caller.role,
    JSON.stringify(caller.claims),
    JSON.stringify(caller.headers ?? {}),
    JSON.stringify(caller.cookies ?? {}),
    caller.method ?? '',
    caller.path ?? '',
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
