// Calling a Postgres auth hook: `select "<schema>"."<fn>"($1::jsonb)` as supabase_auth_admin (the
// store's role), under its own statement timeout, as Supabase Auth calls it.
import type { Queryable } from '../../db/adapter.ts';

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * Runs the hook function with the payload and returns the text of what it returned (null for
 * SQL null), parsed by the caller as an HTTP hook's body is.
 * The timeout is the transaction's `statement_timeout` while the call runs, then the default.
 */
export async function callHookFunction(
  q: Queryable,
  schema: string,
  fn: string,
  payload: unknown,
  timeoutMs: number,
): Promise<string | null> {
  await q.query(`set local statement_timeout to ${Math.max(1, Math.floor(timeoutMs))}`);
  const { rows } = await q.query<{ output: string | null }>(
    `select ${ident(schema)}.${ident(fn)}($1::jsonb)::text as output`,
    [JSON.stringify(payload)],
  );
  await q.query('set local statement_timeout to default');
  return rows[0]?.output ?? null;
}
