// The PGlite driver: embedded Postgres (WASM) in this process, persisted to a directory or held
// in memory. PGlite has one connection, so transactions are serialised by PGlite's locks, and a
// transaction's statements go into it in batches (pglite-batch.ts). Values
// and errors cross its edge as they cross node-postgres's (pglite-wire.ts); its memory settings
// are sized for one local user (see PGLITE_SETTINGS).
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { PGlite, type Extension } from '@electric-sql/pglite';
import type { Database, QueryResult, Queryable, Transaction as Tx } from './adapter.ts';
import { pgliteBundlesFor } from './extensions.ts';
import { parserTable } from './parse-value.ts';
import { pipelined } from './transaction.ts';
import { copyTemplate, readTemplate, saveTemplate } from './pglite-template.ts';
import { startWireServer, type WireServer } from './pglite-socket.ts';
import { PgliteBatch, PgliteSession } from './pglite-batch.ts';
import { TEXT_SERIALIZERS, asPgError, serializeParams } from './pglite-wire.ts';

interface PgliteLike {
  query<T>(
    sql: string,
    params?: unknown[],
    options?: object,
  ): Promise<{ rows: T[]; fields: { name: string; dataTypeID: number }[]; affectedRows?: number }>;
  exec(sql: string): Promise<unknown>;
}

const parsers = parserTable();
/** Parameters arrive as final text (serializeParams); PGlite only looks a serializer up. */
const queryOptions = { serializers: TEXT_SERIALIZERS };

/**
 * Postgres settings for the embedded database. PGlite's defaults size it like a server (160 MB
 * of shared buffers, 64 MB for index builds, 1 GB of WAL between checkpoints); WASM memory only
 * grows, so whatever a burst touches stays resident for the life of the process. These keep an
 * idle stack small and a long-running one near its idle size (bench/memory.bench.ts), and the
 * search_path is Supabase's (the `postgres` role's, which bootstrap/00-roles.sql also sets).
 * As on Supabase's Postgres, query identifiers are computed (it loads pg_stat_statements; EXPLAIN
 * VERBOSE shows them) and the planner assumes its 128 MB effective cache (EXPLAIN SETTINGS).
 */
export const PGLITE_SETTINGS: Record<string, string> = {
  search_path: '"$user", public, extensions',
  shared_buffers: '16MB',
  maintenance_work_mem: '16MB',
  min_wal_size: '32MB',
  max_wal_size: '64MB',
  compute_query_id: 'on',
  effective_cache_size: '128MB',
};

/** PGlite's start parameters with PGLITE_SETTINGS in place of its own values. */
export function pgliteStartParams(): string[] {
  const defaults = PGlite.defaultStartParams;
  const params: string[] = [];
  for (let i = 0; i < defaults.length; i++) {
    const name = defaults[i] === '-c' ? defaults[i + 1]?.split('=')[0] : undefined;
    if (name !== undefined && name in PGLITE_SETTINGS) i++;
    else params.push(defaults[i]!);
  }
  for (const [name, value] of Object.entries(PGLITE_SETTINGS))
    params.push('-c', `${name}=${value}`);
  return params;
}

function wrap(conn: PgliteLike): Queryable {
  return {
    async query<Row>(sql: string, params: readonly unknown[] = []): Promise<QueryResult<Row>> {
      let result;
      try {
        result = await conn.query<Row>(sql, serializeParams(params), queryOptions);
      } catch (error) {
        throw asPgError(error);
      }
      const rowCount =
        result.fields.length > 0 && result.rows.length > 0
          ? result.rows.length
          : (result.affectedRows ?? result.rows.length);
      return { rows: result.rows, rowCount, fields: result.fields };
    },
    async exec(sql: string): Promise<void> {
      try {
        await conn.exec(sql);
      } catch (error) {
        throw asPgError(error);
      }
    },
  };
}

/**
 * Puts our parsers back over the array types' that PGlite registers once it has started (it
 * reads them from pg_type, over those given to create), so that every query uses them without
 * naming them: a query's own `parsers` option costs a copy of the whole table per query.
 */
function usingOurTypes(pg: PGlite): PGlite {
  Object.assign(pg.parsers, parsers);
  return pg;
}

/**
 * The PGlite extension objects for these SQL extension names (loaded on demand). None may ask
 * for shared_preload_libraries (pg_stat_statements does): PGlite would replace the data
 * directory's postgresql.conf with that one line — losing initdb's time zone and text search
 * settings — and a template saved from it would not start without that library.
 */
async function loadExtensions(names: Iterable<string>): Promise<Record<string, Extension>> {
  const out: Record<string, Extension> = {};
  for (const [bundle, module] of pgliteBundlesFor(names)) {
    const extension = ((await import(module)) as Record<string, Extension>)[bundle]!;
    out[bundle] = {
      ...extension,
      setup: async (...args) => ({
        ...(await extension.setup(...args)),
        sharedPreloadLibraries: undefined,
      }),
    };
  }
  return out;
}

/** Where a fresh database starts: a template, found in the cache or not. */
interface StartingPoint {
  /** The template's name ('initdb' when none was cached: PGlite runs initdb in WASM). */
  name: string;
  /** Copied into dataDir already: PGlite opens it as an existing database. */
  copied: boolean;
  /** A tarball for PGlite to load. */
  tarball?: Blob;
}

/**
 * The migrated template comes first (on disk only), then the bootstrapped one, then the pristine
 * one; on disk a template directory before a tarball (one native copy instead of unpacking
 * through WASM).
 */
async function startingPoint(
  dataDir: string | undefined,
  { bootstrapKey, migrationsKey }: PgliteOptions,
): Promise<StartingPoint> {
  const names = [...(bootstrapKey ? [`bootstrap-${bootstrapKey}`] : []), 'initdb'];
  if (dataDir) {
    if (migrationsKey && (await copyTemplate(migratedName(migrationsKey), dataDir)))
      return { name: migratedName(migrationsKey), copied: true };
    for (const name of names) if (await copyTemplate(name, dataDir)) return { name, copied: true };
  }
  for (const name of names) {
    const tarball = await readTemplate(name);
    if (tarball) return { name, copied: false, tarball };
  }
  return { name: 'initdb', copied: false };
}

const migratedName = (key: string) => `migrated-${key}`;

export interface PgliteOptions {
  /** The bootstrap's hash: a fresh database may start from its cached template. */
  bootstrapKey?: string;
  /** The migrations' hash (migrationsKey): a fresh database on disk may start after them. */
  migrationsKey?: string;
  /** Extensions the project creates (besides the bootstrap's); see extensions.ts. */
  extensions?: string[];
}

/**
 * Opens PGlite at dataDir (a directory), or in memory when dataDir is undefined. A fresh database
 * starts from a cached template (startingPoint): initdb in WASM is slow.
 */
export async function openPglite(
  dataDir: string | undefined,
  options: PgliteOptions = {},
): Promise<Database> {
  const { migrationsKey, extensions = [] } = options;
  const fresh = !dataDir || !existsSync(path.join(dataDir, 'PG_VERSION'));
  const start = fresh ? await startingPoint(dataDir, options) : undefined;
  if (dataDir) await mkdir(dataDir, { recursive: true });
  const create = async (names: Iterable<string>, loadDataDir?: Blob) =>
    PGlite.create({
      dataDir,
      parsers,
      serializers: TEXT_SERIALIZERS,
      startParams: pgliteStartParams(),
      extensions: await loadExtensions(names),
      ...(loadDataDir ? { loadDataDir } : {}),
    });
  let pg = usingOurTypes(await create(extensions, start?.tarball));
  // What this start could not copy as a directory, the next one will.
  if (start && !start.copied && (dataDir || !start.tarball))
    await saveTemplate(pg, start.name, dataDir);
  // An extension installed earlier (by hand, or by a migration since removed) needs its files
  // too: start again with it.
  const installed = (
    await pg.query<{ extname: string }>('select extname from pg_catalog.pg_extension')
  ).rows.map((r) => r.extname);
  const known = new Set(pgliteBundlesFor(extensions).keys());
  if (dataDir && [...pgliteBundlesFor(installed).keys()].some((bundle) => !known.has(bundle))) {
    await pg.close();
    pg = usingOurTypes(await create([...extensions, ...installed]));
  }
  const base = wrap(pg);
  // The statements the stack keeps prepared in PGlite's one session (QueryOptions.prepare).
  const session = new PgliteSession();
  /**
   * Work outside a transaction of ours (one statement, or a batch committed at its Sync): its
   * messages go into PGlite in one call, under PGlite's locks, and are written through, as
   * PGlite's query() writes a statement outside a transaction.
   */
  const outsideTransaction = async <T>(send: (batch: PgliteBatch) => Promise<T>): Promise<T> => {
    await pg._checkReady();
    return pg._runExclusiveTransaction(() =>
      pg._runExclusiveQuery(() => {
        const batch = new PgliteBatch(pg, session, true);
        const answered = send(batch);
        batch.flush();
        return answered;
      }),
    );
  };
  const query = <Row>(sql: string, params?: readonly unknown[]): Promise<QueryResult<Row>> =>
    outsideTransaction((batch) => batch.conn.query<Row>(sql, params));
  let wire: Promise<WireServer> | undefined;
  return {
    driver: 'pglite',
    ...base,
    query,
    async transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
      await pg._checkReady();
      // PGlite's two locks, as its own transaction() and the wire server take them: nothing
      // else runs on the one connection until COMMIT or ROLLBACK has been answered.
      return pg._runExclusiveTransaction(() =>
        pg._runExclusiveQuery(() => pipelined(new PgliteBatch(pg, session).conn, fn)),
      );
    },
    batch: (statements) => outsideTransaction((batch) => batch.batch(statements)),
    // One process, no connection to lose: onReconnect is never needed.
    async listen(channel, onNotify) {
      const unlisten = await pg.listen(channel, onNotify);
      return () => unlisten();
    },
    async saveBootstrapTemplate(key: string) {
      await saveTemplate(pg, `bootstrap-${key}`, dataDir);
    },
    fromMigratedTemplate:
      migrationsKey !== undefined && start?.name === migratedName(migrationsKey),
    // In memory (the tests, each with migrations of its own) a cache would only cost time.
    ...(dataDir && migrationsKey
      ? { saveMigratedTemplate: () => saveTemplate(pg, migratedName(migrationsKey), dataDir) }
      : {}),
    async openWireServer() {
      wire ??= startWireServer(pg, () => session.forgetAll());
      return (await wire).url;
    },
    async close() {
      if (wire) await (await wire.catch(() => undefined))?.stop();
      if (!pg.closed) await pg.close();
    },
  };
}
