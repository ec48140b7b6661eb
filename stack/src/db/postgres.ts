// The Postgres server driver: a node-postgres pool whose connections pipeline (postgres-
// pipeline.ts), and one listening connection (postgres-listener.ts). Losing the server is an
// expected event, not a crash: every connection has an error handler, statements on a lost
// connection reject with DatabaseUnavailableError, new connections are made on demand once the
// server is back, and the listener reconnects with back-off and re-LISTENs.
import pg from 'pg';
import { BatchError, type Database, type Transaction } from './adapter.ts';
import type { Logger } from '../lib/log.ts';
import { NotificationListener, type BackoffOptions } from './postgres-listener.ts';
import { runBatch } from './postgres-batch.ts';
import {
  GatheringSocket,
  onClient,
  pipelinedTransaction,
  sender,
  wrap,
} from './postgres-pipeline.ts';
import { PreparedStatements } from './prepared.ts';
import { classifyConnectionError } from './unavailable.ts';

/** Statements kept prepared per connection (see PreparedStatements). */
const PREPARED_PER_CONNECTION = 250;
const preparedOn = new WeakMap<pg.PoolClient, PreparedStatements>();

export interface PostgresOptions {
  /** Connections in the pool. */
  max?: number;
  /** Statements each connection keeps prepared (least recently used ones are deallocated). */
  preparedPerConnection?: number;
  /** How long a request waits for a pooled connection, or for a new one to open (ms). */
  acquireTimeoutMs?: number;
  /** Reconnection back-off of the listening connection. */
  backoff?: BackoffOptions;
  log?: Logger;
}

/** Opens a pool on a Postgres server; fails, with the server's message, when it cannot be reached. */
export async function openPostgres(
  connectionString: string,
  {
    max = 10,
    preparedPerConnection = PREPARED_PER_CONNECTION,
    acquireTimeoutMs = 10_000,
    backoff = {},
    log,
  }: PostgresOptions = {},
): Promise<Database> {
  const pool = new pg.Pool({
    connectionString,
    max,
    application_name: 'sheaf-stack',
    pipeline: true,
    connectionTimeoutMillis: acquireTimeoutMs,
    stream: () => new GatheringSocket(),
  });
  // An idle connection that fails is dropped by the pool; one in use fails its statements. Either
  // way the 'error' event must have a listener, or Node ends the process.
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => undefined));
  const listener = new NotificationListener(
    () =>
      new pg.Client({
        connectionString,
        application_name: 'sheaf-stack listener',
        connectionTimeoutMillis: acquireTimeoutMs,
      }),
    log,
    { initialMs: backoff.initialMs ?? 500, maxMs: backoff.maxMs ?? 10_000 },
  );
  const retryAfter = () => listener.retryAfterSeconds;
  const connect = async (): Promise<pg.PoolClient> => {
    try {
      return await pool.connect();
    } catch (error) {
      throw classifyConnectionError(error, 'connect', retryAfter());
    }
  };
  try {
    (await pool.connect()).release();
    await listener.start();
  } catch (error) {
    await pool.end().catch(() => undefined);
    throw error;
  }
  const preparedFor = (client: pg.PoolClient): PreparedStatements => {
    let prepared = preparedOn.get(client);
    if (!prepared) {
      prepared = new PreparedStatements(preparedPerConnection);
      preparedOn.set(client, prepared);
    }
    return prepared;
  };
  /** One statement on a pooled connection, outside any transaction. */
  const once = async <T>(run: (send: ReturnType<typeof sender>) => Promise<T>): Promise<T> => {
    const client = await connect();
    try {
      return await run(sender(client, retryAfter));
    } finally {
      // The pool discards a client whose connection failed.
      client.release();
    }
  };
  return {
    driver: 'postgres',
    connectionString,
    query: (sql, params, options) => once((send) => wrap(send).query(sql, params, options)),
    exec: (sql) => once((send) => wrap(send).exec(sql)),
    async transaction<T>(fn: (tx: Transaction) => Promise<T>): Promise<T> {
      const client = await connect();
      return pipelinedTransaction(client, sender(client, retryAfter), preparedFor(client), fn);
    },
    async batch(statements) {
      const client = await connect();
      const prepared = preparedFor(client);
      return onClient(client, sender(client, retryAfter), prepared, () =>
        runBatch(client, prepared, statements).catch((error: unknown) => {
          throw error instanceof BatchError
            ? error
            : classifyConnectionError(error, 'session', retryAfter());
        }),
      );
    },
    listen: (channel, onNotify, options) => listener.subscribe(channel, onNotify, options),
    async close() {
      await listener.close();
      await pool.end();
    },
  };
}
