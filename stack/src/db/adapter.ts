// The one database interface every service depends on. Two drivers implement it (PGlite and a
// Postgres server pool); nothing outside db/ knows which one is running.

export interface Field {
  name: string;
  dataTypeID: number;
}

export interface QueryResult<Row = Record<string, unknown>> {
  rows: Row[];
  /** Rows affected by INSERT/UPDATE/DELETE, or rows returned by SELECT. */
  rowCount: number;
  fields: Field[];
}

/**
 * Values come back parsed the same way from both drivers: booleans, int2/int4/oid/float4/float8
 * as numbers, json/jsonb parsed, arrays of those as arrays, and every other type (int8, numeric,
 * timestamps, uuid, text …) as the string Postgres prints.
 */
export interface QueryOptions {
  /**
   * Keep the statement prepared on the connection, by its text, so repeats skip parsing and
   * planning (honoured inside transactions on a Postgres server). Only for statements whose
   * result columns do not change with the schema: a prepared `select *` fails after its table
   * gains a column.
   */
  prepare?: boolean;
}

export interface Queryable {
  query<Row = Record<string, unknown>>(
    sql: string,
    params?: readonly unknown[],
    options?: QueryOptions,
  ): Promise<QueryResult<Row>>;
  /** Runs a script of one or more statements without parameters (simple query protocol). */
  exec(sql: string): Promise<void>;
}

/**
 * A transaction's connection. Statements go out in the order they are called; a driver with a
 * server (Postgres) pipelines them, so work that does not wait for one statement's result
 * before sending the next costs one round trip.
 */
export interface Transaction extends Queryable {
  /**
   * Sends COMMIT now, behind the statements already sent, so a pipelining driver ends the
   * transaction in the same round trip. It commits only if every statement before it
   * succeeded; nothing may be sent after it, and the work must not need to roll back once it
   * is called.
   */
  sendCommit(): void;
  /**
   * Sends ROLLBACK now, behind the statements already sent: work that only asks what would
   * happen (a write tried and undone) ends in the same round trip. Nothing may be sent after it.
   */
  sendRollback(): void;
}

/** One statement of a batch (Database.batch). */
export interface Statement {
  sql: string;
  params?: readonly unknown[];
  /** As QueryOptions.prepare. */
  prepare?: boolean;
}

/**
 * A batch failed at one of its statements (`index`), or at its commit (`index` is the number
 * of statements): `error` is Postgres's. Nothing of the batch was committed.
 */
export class BatchError extends Error {
  constructor(
    readonly index: number,
    readonly error: PgError,
  ) {
    super(error.message);
    this.name = 'BatchError';
  }
}

export interface ListenOptions {
  /** Called each time the LISTEN is back after the connection was lost: re-read what you cache. */
  onReconnect?: () => void;
}

/**
 * While Postgres cannot be reached, every method rejects with a DatabaseUnavailableError
 * (db/unavailable.ts) instead of a driver-specific error; the process never dies of it, and the
 * next call after the server is back just works.
 */
export interface Database extends Queryable {
  readonly driver: 'pglite' | 'postgres';
  /** Runs fn in one transaction on one connection; commits when fn resolves, rolls back when it throws. */
  transaction<T>(fn: (tx: Transaction) => Promise<T>): Promise<T>;
  /**
   * Runs the statements in order as one transaction, sent together and answered together: one
   * round trip, no BEGIN or COMMIT (an implicit transaction, ended by the protocol's one Sync).
   * Each sees what the ones before it did and the settings they made for the transaction. All
   * commit, or none does: then it rejects with a BatchError naming the statement that failed,
   * or with a DatabaseUnavailableError when the connection was lost. For work whose every
   * statement is known before the first is answered.
   */
  batch(statements: readonly Statement[]): Promise<QueryResult[]>;
  /**
   * Subscribes to NOTIFY on a channel; returns the unsubscribe function. On a server the
   * subscription outlives connection losses: the driver reconnects with back-off, LISTENs again
   * and then calls `onReconnect`, since notifications sent meanwhile were lost.
   */
  listen(
    channel: string,
    onNotify: (payload: string) => void,
    options?: ListenOptions,
  ): Promise<() => Promise<void>>;
  /** A connection string other processes (Edge Functions) can use, when there is one. */
  readonly connectionString?: string;
  /**
   * Drivers without a server of their own (PGlite) serve the database over the Postgres wire
   * protocol on demand and return its connection string; started once, stopped by close().
   */
  openWireServer?(): Promise<string>;
  /**
   * Where supported (PGlite), keeps the current state as the starting point of later fresh
   * databases with the same bootstrap, so they skip the bootstrap's work.
   */
  saveBootstrapTemplate?(key: string): Promise<void>;
  /**
   * True when this database was just made from a copy of one with the project's migrations
   * applied (PGlite on disk, keyed by migrationsKey): it has their history, but no seed has run.
   */
  readonly fromMigratedTemplate?: boolean;
  /** Where supported, keeps the state after the migrations as the start of later fresh ones. */
  saveMigratedTemplate?(): Promise<void>;
  close(): Promise<void>;
}

/** A Postgres error as both drivers surface it. */
export interface PgError extends Error {
  code?: string;
  detail?: string;
  hint?: string;
  position?: string | number;
  /** The call stack in PL/pgSQL (and other procedural) code where the error happened. */
  where?: string;
  schema?: string;
  table?: string;
  column?: string;
  constraint?: string;
}

/**
 * True for an error carrying a SQLSTATE. A socket's error is not one even when its errno code
 * looks like one ("EPIPE" is five capitals too): Node's system errors name their `syscall`.
 */
export function isPgError(error: unknown): error is PgError {
  return (
    error instanceof Error &&
    typeof (error as PgError).code === 'string' &&
    /^[0-9A-Z]{5}$/.test((error as PgError).code!) &&
    (error as { syscall?: unknown }).syscall === undefined
  );
}
