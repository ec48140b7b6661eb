// The Postgres server driver: a node-postgres pool; each transaction holds one client. Clients
// run in pipeline mode over a socket that gathers each tick's writes into one, so a transaction
// that sends BEGIN, the caller's settings, a statement and COMMIT without waiting in between
// costs one write and one round trip instead of four of each.
import net from 'node:net';
import pg from 'pg';
import type { Database, QueryOptions, QueryResult, Queryable, Transaction } from './adapter.ts';
import { parserTable } from './parse-value.ts';
import { PreparedStatements } from './prepared.ts';
import { transactionOn } from './transaction.ts';

const parsers = parserTable();
const types = {
  getTypeParser: (oid: number) => parsers[oid] ?? ((text: string) => text),
};

interface ClientLike {
  query(config: {
    text: string;
    name?: string;
    values?: unknown[];
    types?: typeof types;
  }): Promise<pg.QueryResult>;
}

/** Statements kept prepared per connection (see PreparedStatements). */
const PREPARED_PER_CONNECTION = 250;
const preparedOn = new WeakMap<pg.PoolClient, PreparedStatements>();

function wrap(client: ClientLike, prepared?: PreparedStatements): Queryable {
  return {
    async query<Row>(
      sql: string,
      params: readonly unknown[] = [],
      options?: QueryOptions,
    ): Promise<QueryResult<Row>> {
      const name = options?.prepare ? prepared?.nameFor(sql) : undefined;
      const result = await client.query({ text: sql, name, values: params as unknown[], types });
      return {
        rows: result.rows as Row[],
        rowCount: result.rowCount ?? result.rows.length,
        fields: result.fields.map((f) => ({ name: f.name, dataTypeID: f.dataTypeID })),
      };
    },
    async exec(sql: string): Promise<void> {
      await client.query({ text: sql, types });
    },
  };
}

/**
 * A socket that holds back what is written during one tick and sends it in one write: the
 * driver writes BEGIN, each extended-protocol statement and COMMIT separately.
 */
class GatheringSocket extends net.Socket {
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

/**
 * Runs fn in one transaction on a pipelining client: BEGIN goes out with fn's first statements
 * and COMMIT with its last when fn calls sendCommit (see Transaction).
 */
async function pipelinedTransaction<T>(
  client: pg.PoolClient,
  prepared: PreparedStatements,
  fn: (tx: Transaction) => Promise<T>,
): Promise<T> {
  // Evicted statements go while the connection is idle, so an aborted transaction cannot keep
  // them; the driver's own record of them goes too (it would otherwise grow without bound).
  const known = (client as unknown as { connection?: { parsedStatements?: object } }).connection
    ?.parsedStatements as Record<string, unknown> | undefined;
  const idle: Promise<unknown>[] = [];
  for (const name of prepared.takeStale()) {
    idle.push(client.query(`deallocate ${pg.escapeIdentifier(name)}`).catch(() => undefined));
    if (known) delete known[name];
  }
  let commit: Promise<pg.QueryResult> | undefined;
  const { tx, settle } = transactionOn(wrap(client, prepared), () => {
    commit = client.query('commit');
    commit.catch(() => undefined);
  });
  tx.exec('begin').catch(() => undefined);
  try {
    const result = await fn(tx);
    tx.sendCommit();
    // A failed statement turns COMMIT into ROLLBACK: report that statement's error.
    const failure = await settle();
    await commit;
    if (failure !== undefined) throw failure;
    return result;
  } catch (error) {
    if (!commit) await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    // The client goes back to the pool only once all its answers have arrived.
    await Promise.all([settle(), commit?.catch(() => undefined), ...idle]);
    client.release();
  }
}

export interface PostgresOptions {
  /** Connections in the pool. */
  max?: number;
  /** Statements each connection keeps prepared (least recently used ones are deallocated). */
  preparedPerConnection?: number;
}

/** Opens a pool on a Postgres server. */
export async function openPostgres(
  connectionString: string,
  { max = 10, preparedPerConnection = PREPARED_PER_CONNECTION }: PostgresOptions = {},
): Promise<Database> {
  const pool = new pg.Pool({
    connectionString,
    max,
    application_name: 'sheaf-stack',
    pipeline: true,
    stream: () => new GatheringSocket(),
  });
  pool.on('error', (error) => console.error('[db] idle client error:', error.message));
  // Fail at start, with the server's message, when the server cannot be reached.
  const probe = await pool.connect();
  probe.release();
  const base = wrap(pool);
  const listeners = new Map<
    string,
    { client: pg.PoolClient; callbacks: Set<(payload: string) => void> }
  >();
  return {
    driver: 'postgres',
    connectionString,
    ...base,
    async transaction<T>(fn: (tx: Transaction) => Promise<T>): Promise<T> {
      const client = await pool.connect();
      let prepared = preparedOn.get(client);
      if (!prepared) {
        prepared = new PreparedStatements(preparedPerConnection);
        preparedOn.set(client, prepared);
      }
      return pipelinedTransaction(client, prepared, fn);
    },
    async listen(channel, onNotify) {
      let entry = listeners.get(channel);
      if (!entry) {
        const client = await pool.connect();
        entry = { client, callbacks: new Set() };
        listeners.set(channel, entry);
        const callbacks = entry.callbacks;
        client.on('notification', (msg) => {
          if (msg.channel === channel) for (const cb of callbacks) cb(msg.payload ?? '');
        });
        await client.query(`listen ${pg.escapeIdentifier(channel)}`);
      }
      entry.callbacks.add(onNotify);
      return async () => {
        const current = listeners.get(channel);
        if (!current) return;
        current.callbacks.delete(onNotify);
        if (current.callbacks.size === 0) {
          listeners.delete(channel);
          await current.client
            .query(`unlisten ${pg.escapeIdentifier(channel)}`)
            .catch(() => undefined);
          current.client.release();
        }
      };
    },
    async close() {
      for (const { client } of listeners.values()) client.release();
      listeners.clear();
      await pool.end();
    },
  };
}
