// The Postgres server driver: a node-postgres pool; each transaction holds one client.
import pg from 'pg';
import type { Database, QueryResult, Queryable } from './adapter.ts';
import { parserTable } from './parse-value.ts';

const parsers = parserTable();
const types = {
  getTypeParser: (oid: number) => parsers[oid] ?? ((text: string) => text),
};

interface ClientLike {
  query(config: {
    text: string;
    values?: unknown[];
    types?: typeof types;
  }): Promise<pg.QueryResult>;
}

function wrap(client: ClientLike): Queryable {
  return {
    async query<Row>(sql: string, params: readonly unknown[] = []): Promise<QueryResult<Row>> {
      const result = await client.query({ text: sql, values: params as unknown[], types });
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

/** Opens a pool on a Postgres server. */
export async function openPostgres(connectionString: string, max = 10): Promise<Database> {
  const pool = new pg.Pool({ connectionString, max, application_name: 'sheaf-stack' });
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
    async transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
      const client = await pool.connect();
      try {
        await client.query('begin');
        const result = await fn(wrap(client));
        await client.query('commit');
        return result;
      } catch (error) {
        await client.query('rollback').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
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
