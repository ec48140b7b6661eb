// Applies supabase/migrations/*.sql in version order, recorded in
// supabase_migrations.schema_migrations as the Supabase CLI records them, then seed.sql on a
// fresh database. Each migration runs in its own transaction: a failure names the file, line and
// Postgres message and leaves the database as it was before that migration.
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { isPgError, type Database, type Queryable } from './adapter.ts';
import { PROVIDED_BY_BOOTSTRAP, extensionsNamedIn } from './extensions.ts';
import { expandSeedPath, listMigrations } from './migrate-files.ts';
import { lineAt, splitSql } from './split-sql.ts';

export { listMigrations, sortMigrations, type MigrationFile } from './migrate-files.ts';

export class MigrationError extends Error {
  constructor(
    readonly file: string,
    readonly line: number,
    readonly pgMessage: string,
    readonly code?: string,
  ) {
    super(`${file}:${line}: ${pgMessage}${code ? ` (SQLSTATE ${code})` : ''}`);
    this.name = 'MigrationError';
  }
}

/** A path as a person finds it: relative to the working directory when inside it. */
function displayPath(file: string): string {
  const relative = path.relative(process.cwd(), file);
  return relative && !relative.startsWith('..') ? relative : file;
}

async function ensureHistoryTable(db: Queryable): Promise<void> {
  await db.exec(`
    create schema if not exists supabase_migrations;
    create table if not exists supabase_migrations.schema_migrations (
      version text not null primary key,
      statements text[],
      name text
    );
    create table if not exists supabase_migrations.seed_files (
      path text not null primary key,
      hash text not null
    );`);
}

/**
 * `create extension supabase_vault` (or pg_graphql), as `supabase db dump` writes it, where the
 * server has no such extension: the bootstrap already made its schema and objects, so the
 * statement has nothing left to do.
 */
async function isProvidedExtension(db: Queryable, sql: string): Promise<boolean> {
  if (!/^\s*create\s+extension\b/i.test(sql)) return false;
  const [name] = extensionsNamedIn(sql);
  if (!name || !PROVIDED_BY_BOOTSTRAP.has(name)) return false;
  const available = await db.query(
    'select 1 from pg_catalog.pg_available_extensions where name = $1',
    [name],
  );
  return available.rows.length === 0;
}

/** Runs one script statement by statement; an error carries the script line where it happened. */
export async function runScript(db: Queryable, file: string, script: string): Promise<string[]> {
  const statements = splitSql(script);
  for (const statement of statements) {
    try {
      if (await isProvidedExtension(db, statement.sql)) continue;
      await db.exec(statement.sql);
    } catch (error) {
      if (!isPgError(error)) throw error;
      const position = Number(error.position);
      const line =
        Number.isFinite(position) && position > 0
          ? lineAt(script, statement.offset + position - 1)
          : statement.line;
      throw new MigrationError(file, line, error.message, error.code);
    }
  }
  return statements.map((s) => s.sql);
}

/**
 * A hash of everything that decides a fresh database's state after the migrations: the
 * bootstrap's hash, the extensions loaded, and every migration file's name and content (the
 * PGlite version is in the template's name). Undefined when there are no migrations.
 */
export async function migrationsKey(
  workdir: string,
  bootstrapKey: string,
  extensions: string[],
): Promise<string | undefined> {
  const migrations = await listMigrations(path.join(workdir, 'migrations'));
  if (migrations.length === 0) return undefined;
  const hash = createHash('sha256').update(`${bootstrapKey}\0${[...extensions].sort().join(',')}`);
  for (const migration of migrations) {
    const content = await readFile(migration.file);
    hash.update(`\0${path.basename(migration.file)}\0${content.length}\0`).update(content);
  }
  return hash.digest('hex').slice(0, 32);
}

export interface MigrateResult {
  applied: string[];
  fresh: boolean;
  seeded: boolean;
}

/** Applies pending migrations, then the seed files when the database had no migration history. */
export async function migrate(
  db: Database,
  workdir: string,
  seed: { enabled: boolean; sqlPaths: string[] },
): Promise<MigrateResult> {
  const existed = await db.query<{ exists: boolean }>(
    `select to_regclass('supabase_migrations.schema_migrations') is not null as exists`,
  );
  // A copy of a migrated database has their history, but is as fresh as one without it.
  const fresh = !existed.rows[0]?.exists || db.fromMigratedTemplate === true;
  await ensureHistoryTable(db);
  const done = new Set(
    (
      await db.query<{ version: string }>(
        'select version from supabase_migrations.schema_migrations',
      )
    ).rows.map((r) => r.version),
  );
  const applied: string[] = [];
  for (const migration of await listMigrations(path.join(workdir, 'migrations'))) {
    if (done.has(migration.version)) continue;
    const script = await readFile(migration.file, 'utf8');
    const relative = displayPath(migration.file);
    await db.transaction(async (tx) => {
      const statements = await runScript(tx, relative, script);
      await tx.query(
        'insert into supabase_migrations.schema_migrations (version, name, statements) values ($1, $2, $3)',
        [migration.version, migration.name, statements],
      );
    });
    applied.push(`${migration.version}_${migration.name}`);
  }
  // Every migration ran on this fresh database: later fresh ones may start here (never after
  // the seed, which always runs).
  if (fresh && applied.length > 0) await db.saveMigratedTemplate?.();
  let seeded = false;
  if (fresh && seed.enabled) seeded = await runSeeds(db, workdir, seed.sqlPaths);
  return { applied, fresh, seeded };
}

async function runSeeds(db: Database, workdir: string, sqlPaths: string[]): Promise<boolean> {
  let ran = false;
  for (const pattern of sqlPaths) {
    for (const file of await expandSeedPath(workdir, pattern)) {
      const script = await readFile(file, 'utf8');
      const relative = displayPath(file);
      await db.transaction(async (tx) => {
        await runScript(tx, relative, script);
        await tx.query(
          'insert into supabase_migrations.seed_files (path, hash) values ($1, $2) on conflict (path) do update set hash = excluded.hash',
          [path.relative(workdir, file), createHash('sha256').update(script).digest('hex')],
        );
      });
      ran = true;
    }
  }
  return ran;
}
