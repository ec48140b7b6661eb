// Runs work as the caller, the way PostgREST does: one transaction, the caller's role, and the
// request's JWT claims, headers, method and path as transaction-local settings. Row-level
// security and grants then decide what the work may see and change.
import type { Database, PgError, Queryable, Transaction } from './adapter.ts';

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

// The role is switched only when `authenticator` may become it; otherwise the transaction falls
// to `authenticator` itself (NOINHERIT: no privileges of its own), so statements already
// pipelined behind this one cannot run with the login role's rights, and the caller's error is
// raised from the `allowed` column.
// Every setting is evaluated inside one array, counted: two columns come back, not one per setting.
const SET_CALLER = `
  select c.allowed, pg_catalog.cardinality(array[
         set_config('role', case when c.allowed then $1 else 'authenticator' end, true),
         set_config('request.jwt.claims', $2, true),
         set_config('request.headers', $3, true),
         set_config('request.cookies', $4, true),
         set_config('request.method', $5, true),
         set_config('request.path', $6, true)`;
const ALLOWED = `]) as settings
  from (select coalesce(pg_catalog.pg_has_role('authenticator',
                          pg_catalog.to_regrole(pg_catalog.quote_ident($1)), 'member'),
                        false) as allowed) c`;

/** The statement for `extra` more settings: the same text each time, so it stays prepared. */
const setCallerSqls: string[] = [];
function setCallerSql(extra: number): string {
  return (setCallerSqls[extra] ??=
    SET_CALLER +
    Array.from(
      { length: extra },
      (_, i) => `, set_config($${7 + 2 * i}, $${8 + 2 * i}, true)`,
    ).join('') +
    ALLOWED);
}

/**
 * Applies the caller's role and settings to an open transaction, in one statement. Statements
 * sent before it settles (pipelined) run as the caller, or fail if the role is refused.
 */
export async function setCaller(tx: Queryable, caller: Caller): Promise<void> {
  const extra = Object.entries(caller.settings ?? {});
  const result = await tx.query<{ allowed: boolean }>(
    setCallerSql(extra.length),
    [
      caller.role,
      JSON.stringify(caller.claims),
      JSON.stringify(caller.headers ?? {}),
      JSON.stringify(caller.cookies ?? {}),
      caller.method ?? '',
      caller.path ?? '',
      ...extra.flat(),
    ],
    { prepare: true },
  );
  if (!result.rows[0]?.allowed) {
    const error = new Error(`role "${caller.role}" does not exist`) as PgError;
    error.code = '22023';
    throw error;
  }
}

/**
 * Runs fn in one transaction as the caller. The caller's settings and fn's first statements go
 * out together; if the settings fail, that is the error reported.
 */
export function asCaller<T>(
  db: Database,
  caller: Caller,
  fn: (tx: Transaction) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    const [set, work] = await Promise.allSettled([setCaller(tx, caller), fn(tx)]);
    if (set.status === 'rejected') throw set.reason;
    if (work.status === 'rejected') throw work.reason;
    return work.value;
  });
}
