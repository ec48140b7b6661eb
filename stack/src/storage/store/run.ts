// How the store's SQL runs, and as whom: as the caller (one transaction with the caller's role
// and JWT claims, so row-level security on storage.* decides), or as Storage's super user (for
// what Supabase Storage does past RLS: bucket limits, public reads, sweeping). Postgres errors
// leave the store as Storage errors.
import { isPgError, type Database, type Queryable, type Transaction } from '../../db/adapter.ts';
import { asCaller, asCallerAtOnce, atOnce, setCaller, type Caller } from '../../db/as-caller.ts';
import { DatabaseUnavailableError } from '../../db/unavailable.ts';
import { errors, StorageError } from '../errors.ts';

export type { Caller };

/** The service role as a caller: for work Supabase Storage does as its super user. */
export const SERVICE_CALLER: Caller = { role: 'service_role', claims: { role: 'service_role' } };

/** Maps a Postgres error to Storage's error, as Supabase Storage's database layer does. */
function fromDatabaseError(error: unknown): StorageError | undefined {
  if (!isPgError(error)) return undefined;
  switch (error.code) {
    case '42501':
      return errors.accessDenied(
        error.message.includes('row-level security')
          ? 'new row violates row-level security policy'
          : error.message,
      );
    case '23505':
      return errors.resourceAlreadyExists();
    case '23503':
      return error.detail?.includes('is still referenced from table')
        ? errors.resourceReferenced()
        : errors.relatedResourceMissing();
    case '22P02':
      return errors.invalidParameter('value', error.message);
    default:
      return errors.database(error.code ?? 'unknown');
  }
}

/**
 * Whether work that failed may still have committed: the connection was lost after it was sent,
 * so its COMMIT may have run without its answer arriving.
 */
export function mayHaveCommitted(error: unknown): boolean {
  const cause = error instanceof StorageError ? error.cause : error;
  return cause instanceof DatabaseUnavailableError && cause.phase === 'session';
}

/**
 * Rethrows a Postgres error as Storage's, keeping it as the cause; Storage errors and other
 * causes pass unchanged.
 */
function storageErrorOf(error: unknown): unknown {
  if (error instanceof StorageError) return error;
  const mapped = fromDatabaseError(error);
  if (!mapped) return error;
  mapped.cause = error;
  return mapped;
}

/**
 * The transaction as the store's statements see it: each kept prepared by its text, as REST's
 * are (the store's SQL is a fixed set of texts, every value a parameter), so a repeat skips
 * Postgres's parse and plan on both drivers.
 */
function preparingQueries(tx: Queryable): Queryable {
  return {
    query: (sql, params) => tx.query(sql, params, { prepare: true }),
    exec: (sql) => tx.exec(sql),
  };
}

function preparing(tx: Transaction): Transaction {
  return {
    ...preparingQueries(tx),
    sendCommit: () => tx.sendCommit(),
    sendRollback: () => tx.sendRollback(),
  };
}

/** The store's work, its Postgres errors rethrown as Storage's. */
async function asStorage<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw storageErrorOf(error);
  }
}

/** Runs fn in one transaction as the caller. */
export function runAs<T>(
  db: Database,
  caller: Caller,
  fn: (tx: Transaction) => Promise<T>,
): Promise<T> {
  return asStorage(() => asCaller(db, caller, (tx) => fn(preparing(tx))));
}

/**
 * Runs fn's statements as the caller in one round trip: committed as one batch behind the
 * caller's settings (asCallerAtOnce), or — `rollback` — in a transaction rolled back behind
 * them. fn sends every statement before it waits for any answer (one sent later is refused).
 */
export function runAsAtOnce<T>(
  db: Database,
  caller: Caller,
  fn: (tx: Queryable) => Promise<T>,
  end: 'commit' | 'rollback' = 'commit',
): Promise<T> {
  if (end === 'rollback')
    return runAs(db, caller, (tx) => {
      const result = fn(tx);
      tx.sendRollback();
      return result;
    });
  return asStorage(() => asCallerAtOnce(db, caller, (tx) => fn(preparingQueries(tx))));
}

/** Runs fn in one transaction as Storage's super user; `caller` can be switched to inside. */
export function runAsService<T>(
  db: Database,
  fn: (tx: Transaction, becomeCaller: (caller: Caller) => Promise<void>) => Promise<T>,
): Promise<T> {
  return asStorage(() =>
    db.transaction((tx) => fn(preparing(tx), (caller) => setCaller(tx, caller))),
  );
}

/**
 * Runs fn's statements as Storage's super user in one round trip, committed as one batch
 * (atOnce); `becomeCaller` runs the statements sent after it as the caller.
 */
export function runAsServiceAtOnce<T>(
  db: Database,
  fn: (tx: Queryable, becomeCaller: (caller: Caller) => Promise<void>) => Promise<T>,
): Promise<T> {
  return asStorage(() =>
    atOnce(db, (tx) => fn(preparingQueries(tx), (caller) => tx.becomeCaller(caller))),
  );
}

/**
 * Runs fn as the caller and rolls it back: does RLS allow this write? (Supabase's
 * testPermission.) One round trip, as runAsAtOnce.
 */
export async function testPermission(
  db: Database,
  caller: Caller,
  fn: (tx: Queryable) => Promise<unknown>,
): Promise<void> {
  await runAsAtOnce(db, caller, fn, 'rollback');
}

/** Lets this transaction delete from storage tables (storage.protect_delete). */
export async function allowDeletes(tx: Queryable): Promise<void> {
  await tx.query(`select set_config('storage.allow_delete_query', 'true', true)`);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The owner as stored: `owner` (uuid, when the subject is one) and `owner_id` (text). */
export function ownerColumns(owner: string | undefined): [string | null, string | null] {
  return [owner && UUID.test(owner) ? owner : null, owner ?? null];
}

/**
 * A timestamptz column as Supabase Storage sends it in JSON (a JavaScript Date serialised):
 * ISO 8601 in UTC with milliseconds and `Z`, e.g. 2021-02-17T04:43:32.770Z; null stays null.
 */
export const iso = (column: string) =>
  `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as ${column.replace(/^\w+\./, '')}`;
