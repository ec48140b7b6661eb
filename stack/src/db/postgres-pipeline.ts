// One pooled connection of the Postgres server driver, in pipeline mode: a socket that gathers
// each tick's writes into one, so a transaction that sends BEGIN, the caller's settings, a
// statement and COMMIT without waiting in between costs one write and one round trip instead of
// four of each. Every failure of the connection itself becomes a DatabaseUnavailableError.
import net from 'node:net';
import pg from 'pg';
import type { QueryOptions, QueryResult, Queryable, Transaction } from './adapter.ts';
import { parserTable } from './parse-value.ts';
import type { PreparedStatements } from './prepared.ts';
import { pipelined } from './transaction.ts';
import { classifyConnectionError } from './unavailable.ts';

const parsers = parserTable();
const types = {
  getTypeParser: (oid: number) => parsers[oid] ?? ((text: string) => text),
};

export interface QueryConfig {
  text: string;
  name?: string;
  values?: unknown[];
}

/** Sends one statement; a lost connection rejects with a DatabaseUnavailableError. */
export type Send = (config: QueryConfig) => Promise<pg.QueryResult>;

export function sender(client: pg.ClientBase, retryAfter: () => number): Send {
  return (config) =>
    client.query({ ...config, types }).catch((error: unknown) => {
      throw classifyConnectionError(error, 'session', retryAfter());
    });
}

export function wrap(send: Send, prepared?: PreparedStatements): Queryable {
  return {
    async query<Row>(
      sql: string,
      params: readonly unknown[] = [],
      options?: QueryOptions,
    ): Promise<QueryResult<Row>> {
      const name = options?.prepare ? prepared?.nameFor(sql) : undefined;
      const result = await send({ text: sql, name, values: params as unknown[] }).catch(
        (error: unknown) => {
          // "cached plan must not change result type": the schema changed under the statement;
          // it is let go with the next transaction and prepared again on its next use.
          if (name && (error as { code?: string }).code === '0A000') prepared?.forget(sql, true);
          throw error;
        },
      );
      return {
        rows: result.rows as Row[],
        rowCount: result.rowCount ?? result.rows.length,
        fields: result.fields.map((f) => ({ name: f.name, dataTypeID: f.dataTypeID })),
      };
    },
    async exec(sql: string): Promise<void> {
      await send({ text: sql });
    },
  };
}

/**
 * A socket that holds back what is written during one tick and sends it in one write: the
 * driver writes BEGIN, each extended-protocol statement and COMMIT separately.
 */
export class GatheringSocket extends net.Socket {
  override connect(...args: unknown[]): this {
    (super.connect as (...a: unknown[]) => this)(...args);
    // connect() puts back the stream's own write, so ours goes on afterwards.
    const write = this.write;
    this.write = ((...writeArgs: unknown[]) => {
      if (this.writableCorked === 0) {
        this.cork();
        process.nextTick(() => this.uncork());
      }
      return (write as (...a: unknown[]) => boolean).apply(this, writeArgs);
    }) as net.Socket['write'];
    return this;
  }
}

/** Whether node-postgres can still use the client (false once its connection failed). */
// A private field of node-postgres's client, absent from its types.
const usable = (client: pg.PoolClient) =>
  (client as unknown as { _queryable?: boolean })._queryable;

/**
 * Runs work on a client of the pool, then gives the client back: first the prepared statements
 * it no longer keeps are let go.
 */
export async function onClient<T>(
  client: pg.PoolClient,
  send: Send,
  prepared: PreparedStatements,
  work: () => Promise<T>,
): Promise<T> {
  // Evicted statements go while the connection is idle, so an aborted transaction cannot keep
  // them; the driver's own record of them goes too (it would otherwise grow without bound).
  // `connection.parsedStatements` is node-postgres's private record, absent from its types.
  const known = (client as unknown as { connection?: { parsedStatements?: object } }).connection
    ?.parsedStatements as Record<string, unknown> | undefined;
  const idle: Promise<unknown>[] = [];
  for (const name of prepared.takeStale()) {
    idle.push(send({ text: `deallocate ${pg.escapeIdentifier(name)}` }).catch(() => undefined));
    if (known) delete known[name];
  }
  let failed: unknown;
  try {
    return await work();
  } catch (error) {
    failed = error;
    throw error;
  } finally {
    // The client goes back to the pool only once all its answers have arrived (the work waits
    // for them); a client whose connection failed is discarded instead.
    if (idle.length > 0) await Promise.all(idle);
    client.release(usable(client) ? undefined : failed instanceof Error ? failed : true);
  }
}

/** Runs fn in one pipelined transaction (transaction.ts) on a client of the pool. */
export function pipelinedTransaction<T>(
  client: pg.PoolClient,
  send: Send,
  prepared: PreparedStatements,
  fn: (tx: Transaction) => Promise<T>,
): Promise<T> {
  return onClient(client, send, prepared, () => pipelined(wrap(send, prepared), fn));
}
