// Which Postgres extensions a project needs, and which the embedded database can load. PGlite
// loads an extension's files when it starts (each one costs start time and memory), so the stack
// starts it with the ones the bootstrap uses plus every one named by a `create extension` in
// supabase/migrations and the seed files; an extension PGlite cannot load (PostGIS, pg_cron …)
// stops the start with its name and the way out: a Postgres server that has it.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { listMigrations, seedFiles } from './migrate-files.ts';

/** Extensions of a hosted Supabase project that PGlite ships, by SQL name → PGlite bundle. */
export const PGLITE_EXTENSIONS: Record<string, { bundle: string; module: string }> = {
  amcheck: { bundle: 'amcheck', module: '@electric-sql/pglite/contrib/amcheck' },
  autoinc: { bundle: 'moddatetime', module: '@electric-sql/pglite/contrib/moddatetime' },
  bloom: { bundle: 'bloom', module: '@electric-sql/pglite/contrib/bloom' },
  btree_gin: { bundle: 'btree_gin', module: '@electric-sql/pglite/contrib/btree_gin' },
  btree_gist: { bundle: 'btree_gist', module: '@electric-sql/pglite/contrib/btree_gist' },
  citext: { bundle: 'citext', module: '@electric-sql/pglite/contrib/citext' },
  cube: { bundle: 'cube', module: '@electric-sql/pglite/contrib/cube' },
  dict_int: { bundle: 'dict_int', module: '@electric-sql/pglite/contrib/dict_int' },
  dict_xsyn: { bundle: 'dict_xsyn', module: '@electric-sql/pglite/contrib/dict_xsyn' },
  earthdistance: { bundle: 'earthdistance', module: '@electric-sql/pglite/contrib/earthdistance' },
  fuzzystrmatch: { bundle: 'fuzzystrmatch', module: '@electric-sql/pglite/contrib/fuzzystrmatch' },
  hstore: { bundle: 'hstore', module: '@electric-sql/pglite/contrib/hstore' },
  insert_username: { bundle: 'moddatetime', module: '@electric-sql/pglite/contrib/moddatetime' },
  intarray: { bundle: 'intarray', module: '@electric-sql/pglite/contrib/intarray' },
  isn: { bundle: 'isn', module: '@electric-sql/pglite/contrib/isn' },
  lo: { bundle: 'lo', module: '@electric-sql/pglite/contrib/lo' },
  ltree: { bundle: 'ltree', module: '@electric-sql/pglite/contrib/ltree' },
  moddatetime: { bundle: 'moddatetime', module: '@electric-sql/pglite/contrib/moddatetime' },
  pageinspect: { bundle: 'pageinspect', module: '@electric-sql/pglite/contrib/pageinspect' },
  pg_buffercache: {
    bundle: 'pg_buffercache',
    module: '@electric-sql/pglite/contrib/pg_buffercache',
  },
  pg_freespacemap: {
    bundle: 'pg_freespacemap',
    module: '@electric-sql/pglite/contrib/pg_freespacemap',
  },
  pg_hashids: { bundle: 'pg_hashids', module: '@electric-sql/pglite-pg_hashids' },
  pg_stat_statements: {
    bundle: 'pg_stat_statements',
    module: '@electric-sql/pglite/contrib/pg_stat_statements',
  },
  pg_surgery: { bundle: 'pg_surgery', module: '@electric-sql/pglite/contrib/pg_surgery' },
  pg_trgm: { bundle: 'pg_trgm', module: '@electric-sql/pglite/contrib/pg_trgm' },
  pg_visibility: { bundle: 'pg_visibility', module: '@electric-sql/pglite/contrib/pg_visibility' },
  pg_walinspect: { bundle: 'pg_walinspect', module: '@electric-sql/pglite/contrib/pg_walinspect' },
  pgcrypto: { bundle: 'pgcrypto', module: '@electric-sql/pglite/contrib/pgcrypto' },
  pgtap: { bundle: 'pgtap', module: '@electric-sql/pglite-pgtap' },
  refint: { bundle: 'moddatetime', module: '@electric-sql/pglite/contrib/moddatetime' },
  seg: { bundle: 'seg', module: '@electric-sql/pglite/contrib/seg' },
  tablefunc: { bundle: 'tablefunc', module: '@electric-sql/pglite/contrib/tablefunc' },
  tcn: { bundle: 'tcn', module: '@electric-sql/pglite/contrib/tcn' },
  tsm_system_rows: {
    bundle: 'tsm_system_rows',
    module: '@electric-sql/pglite/contrib/tsm_system_rows',
  },
  tsm_system_time: {
    bundle: 'tsm_system_time',
    module: '@electric-sql/pglite/contrib/tsm_system_time',
  },
  unaccent: { bundle: 'unaccent', module: '@electric-sql/pglite/contrib/unaccent' },
  'uuid-ossp': { bundle: 'uuid_ossp', module: '@electric-sql/pglite/contrib/uuid_ossp' },
  vector: { bundle: 'vector', module: '@electric-sql/pglite-pgvector' },
};

/** Built into Postgres: nothing to load. */
const BUILT_IN = new Set(['plpgsql']);

/**
 * Extensions hosted Supabase installs itself and `supabase db dump` writes into migrations, whose
 * objects the bootstrap provides (bootstrap/25-supabase.sql): creating them is a no-op where the
 * server has no such extension (see migrate.ts).
 */
export const PROVIDED_BY_BOOTSTRAP = new Set(['supabase_vault', 'pg_graphql']);

/** Extensions the bootstrap itself creates. */
export const BOOTSTRAP_EXTENSIONS = ['pgcrypto', 'uuid-ossp'];

const CREATE_EXTENSION =
  /\bcreate\s+extension\s+(?:if\s+not\s+exists\s+)?(?:"((?:[^"]|"")+)"|([a-z_][a-z0-9_$-]*))/gi;

/** Names of the extensions a SQL script creates (comments are not parsed: a mention counts). */
export function extensionsNamedIn(sql: string): string[] {
  const names = new Set<string>();
  for (const m of sql.matchAll(CREATE_EXTENSION))
    names.add(m[1] !== undefined ? m[1].replace(/""/g, '"') : m[2]!.toLowerCase());
  return [...names];
}

/** Every extension the migrations and seed files of a Supabase folder create. */
export async function extensionsOfProject(workdir: string, seedPaths: string[]): Promise<string[]> {
  const files = [
    ...(await listMigrations(path.join(workdir, 'migrations'))).map((m) => m.file),
    ...(await seedFiles(workdir, seedPaths)),
  ];
  const names = new Set<string>();
  for (const file of files) {
    const sql = await readFile(file, 'utf8').catch(() => '');
    for (const name of extensionsNamedIn(sql)) names.add(name);
  }
  return [...names];
}

/** Thrown at start when the project needs an extension the embedded database cannot load. */
export class ExtensionUnavailableError extends Error {
  constructor(readonly extensions: string[]) {
    const list = extensions.map((e) => `"${e}"`).join(', ');
    super(
      `the project needs the Postgres extension${extensions.length > 1 ? 's' : ''} ${list}, which the embedded database (PGlite) cannot load. ` +
        'Start the stack on a Postgres server that has it: sheaf-stack start --database-url postgres://USER@HOST:PORT/DB (or set DATABASE_URL).',
    );
    this.name = 'ExtensionUnavailableError';
  }
}

/** The PGlite bundles to load for these extensions; throws for any PGlite cannot load. */
export function pgliteBundlesFor(names: Iterable<string>): Map<string, string> {
  const bundles = new Map<string, string>();
  const missing: string[] = [];
  for (const name of new Set([...BOOTSTRAP_EXTENSIONS, ...names])) {
    if (BUILT_IN.has(name) || PROVIDED_BY_BOOTSTRAP.has(name)) continue;
    const known = PGLITE_EXTENSIONS[name];
    if (known) bundles.set(known.bundle, known.module);
    else missing.push(name);
  }
  if (missing.length) throw new ExtensionUnavailableError(missing.sort());
  return bundles;
}
