// The PGlite driver: embedded Postgres (WASM) in this process, persisted to a directory or held
// in memory. PGlite has one connection, so transactions are serialised by PGlite itself.
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto';
import { uuid_ossp } from '@electric-sql/pglite/contrib/uuid_ossp';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { citext } from '@electric-sql/pglite/contrib/citext';
import type { Database, QueryResult, Queryable, Transaction as Tx } from './adapter.ts';
import { parserTable } from './parse-value.ts';
import { transactionOn } from './transaction.ts';
import { readTemplate, saveTemplate } from './pglite-template.ts';
import { startWireServer, type WireServer } from './pglite-socket.ts';

interface PgliteLike {
  query<T>(
    sql: string,
    params?: unknown[],
    options?: object,
  ): Promise<{ rows: T[]; fields: { name: string; dataTypeID: number }[]; affectedRows?: number }>;
  exec(sql: string): Promise<unknown>;
}

const parsers = parserTable();

function wrap(conn: PgliteLike): Queryable {
  return {
    async query<Row>(sql: string, params: readonly unknown[] = []): Promise<QueryResult<Row>> {
      const result = await conn.query<Row>(sql, params as unknown[], { parsers });
      const rowCount =
        result.fields.length > 0 && result.rows.length > 0
          ? result.rows.length
          : (result.affectedRows ?? result.rows.length);
      return { rows: result.rows, rowCount, fields: result.fields };
    },
    async exec(sql: string): Promise<void> {
      await conn.exec(sql);
    },
  };
}

/**
 * Opens PGlite at dataDir (a directory), or in memory when dataDir is undefined. A fresh database
 * starts from a cached template: the bootstrapped one for `bootstrapKey` when there is one, else
 * a pristine cluster (initdb in WASM is slow).
 */
export async function openPglite(
  dataDir: string | undefined,
  bootstrapKey?: string,
): Promise<Database> {
  if (dataDir) await mkdir(dataDir, { recursive: true });
  const fresh = !dataDir || !existsSync(path.join(dataDir, 'PG_VERSION'));
  const bootstrapped =
    fresh && bootstrapKey ? await readTemplate(`bootstrap-${bootstrapKey}`) : undefined;
  const template = bootstrapped ?? (fresh ? await readTemplate('initdb') : undefined);
  const pg = await PGlite.create({
    dataDir,
    parsers,
    extensions: { pgcrypto, uuid_ossp, pg_trgm, citext },
    ...(template ? { loadDataDir: template } : {}),
  });
  if (fresh && !template) await saveTemplate(pg, 'initdb');
  const base = wrap(pg as unknown as PgliteLike);
  let wire: Promise<WireServer> | undefined;
  return {
    driver: 'pglite',
    ...base,
    transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
      // One connection in this process: nothing to pipeline, so COMMIT goes when fn ends and
      // sendCommit only closes the transaction to further statements, as on a server.
      return pg.transaction(async (ptx: Transaction) => {
        const { tx, settle } = transactionOn(wrap(ptx as unknown as PgliteLike), () => undefined);
        const result = await fn(tx);
        // A statement fn did not wait for may have failed: then the transaction rolls back.
        const failure = await settle();
        if (failure !== undefined) throw failure;
        return result;
      });
    },
    async listen(channel, onNotify) {
      const unlisten = await pg.listen(channel, onNotify);
      return () => unlisten();
    },
    async saveBootstrapTemplate(key: string) {
      await saveTemplate(pg, `bootstrap-${key}`);
    },
    async openWireServer() {
      wire ??= startWireServer(pg);
      return (await wire).url;
    },
    async close() {
      if (wire) await (await wire.catch(() => undefined))?.stop();
      if (!pg.closed) await pg.close();
    },
  };
}
