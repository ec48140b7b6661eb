// The only stage that touches the database: one transaction as the caller (asCaller), the
// PostgREST search_path (and read-only mode for reads), then the planned statements, sent
// without waiting in between: a request is one round trip when nothing depends on a result. A
// recording hook sees every statement sent, so tests can prove only planned SQL reaches Postgres.
import type { Database, Transaction } from '../db/adapter.ts';
import { asCaller, type Caller } from '../db/as-caller.ts';
import { searchPathValue, type Statement } from './sql/statement.ts';

export type QueryHook = (sql: string, params: readonly unknown[]) => void;

export interface ExecuteOptions {
  searchPath: string[];
  readOnly: boolean;
  onQuery?: QueryHook;
}

/** Thrown inside the transaction to roll it back while still answering with `value`. */
export class Rollback<T> {
  constructor(readonly value: T) {}
}

/**
 * Sends one planned statement. `last` says no statement and no rollback can follow, so COMMIT
 * goes out with it (one round trip on a pipelining driver).
 */
export type Run = (statement: Statement, last?: boolean) => Promise<Record<string, unknown>[]>;

/** Runs `work` in one transaction as the caller; a thrown Rollback rolls back and returns its value. */
export async function execute<T>(
  db: Database,
  caller: Caller,
  options: ExecuteOptions,
  work: (run: Run) => Promise<T | Rollback<T>>,
): Promise<T> {
  try {
    // search_path and read-only mode ride along with the caller's settings: one round trip.
    const settings: Record<string, string> = { search_path: searchPathValue(options.searchPath) };
    if (options.readOnly) settings.transaction_read_only = 'on';
    return await asCaller(db, { ...caller, settings }, async (tx: Transaction) => {
      const run: Run = async (statement, last = false) => {
        options.onQuery?.(statement.sql, statement.params);
        // Planned statements answer in a fixed shape (body, counts, headers), so they keep
        // prepared, as PostgREST's do.
        const result = tx.query(statement.sql, statement.params, { prepare: true });
        if (last) tx.sendCommit();
        return (await result).rows;
      };
      const result = await work(run);
      if (result instanceof Rollback) throw result;
      return result;
    });
  } catch (error) {
    if (error instanceof Rollback) return error.value as T;
    throw error;
  }
}
