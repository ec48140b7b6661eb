// Which Postgres extensions a project needs, and which the embedded database can load. PGlite
// loads an extension's files when it starts (each one costs start time and memory), so the stack
// starts it with the ones the bootstrap uses plus every one named by a `create extension` in
// supabase/migrations and the seed files; an extension PGlite cannot load (PostGIS, pg_cron …)
// stops the start with its name and the way out: a Postgres server that has it.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { listMigrations, seedFiles } from './migrate-files.ts';

/** A bundle from PGlite's own contrib modules. */
const contrib = (bundle: string) => ({ bundle, module: `@electric-sql/pglite/contrib/${bundle}` });

/** Extensions of a hosted Supabase project that PGlite ships, by SQL name → PGlite bundle. */
export const PGLITE_EXTENSIONS: Record<string, { bundle: string; module: string }> = {
  amcheck: contrib('amcheck'),
  autoinc: contrib('moddatetime'),
  bloom: contrib('bloom'),
  btree_gin: contrib('btree_gin'),
  btree_gist: contrib('btree_gist'),
  citext: contrib('citext'),
  cube: contrib('cube'),
  dict_int: contrib('dict_int'),
  dict_xsyn: contrib('dict_xsyn'),
  earthdistance: contrib('earthdistance'),
  fuzzystrmatch: contrib('fuzzystrmatch'),
  hstore: contrib('hstore'),
  insert_username: contrib('moddatetime'),
  intarray: contrib('intarray'),
  isn: contrib('isn'),
  lo: contrib('lo'),
  ltree: contrib('ltree'),
  moddatetime: contrib('moddatetime'),
  pageinspect: contrib('pageinspect'),
  pg_buffercache: contrib('pg_buffercache'),
  pg_freespacemap: contrib('pg_freespacemap'),
  pg_hashids: { bundle: 'pg_hashids', module: '@electric-sql/pglite-pg_hashids' },
  pg_stat_statements: contrib('pg_stat_statements'),
  pg_surgery: contrib('pg_surgery'),
  pg_trgm: contrib('pg_trgm'),
  pg_visibility: contrib('pg_visibility'),
  pg_walinspect: contrib('pg_walinspect'),
  pgcrypto: contrib('pgcrypto'),
  pgtap: { bundle: 'pgtap', module: '@electric-sql/pglite-pgtap' },
  refint: contrib('moddatetime'),
  seg: contrib('seg'),
  tablefunc: contrib('tablefunc'),
  tcn: contrib('tcn'),
  tsm_system_rows: contrib('tsm_system_rows'),
  tsm_system_time: contrib('tsm_system_time'),
  unaccent: contrib('unaccent'),
  'uuid-ossp': contrib('uuid_ossp'),
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
