// Brings a database to the Supabase-compatible baseline (bootstrap/*.sql in name order). The
// scripts are idempotent; a hash of them is stored so an unchanged bootstrap is skipped on start.
import { createHash } from 'node:crypto';
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import type { Database } from './adapter.ts';
import { sourceFile } from '../lib/source-file.ts';
import { runScript } from './migrate.ts';

const BOOTSTRAP_DIR = sourceFile('db', 'bootstrap');

export async function loadBootstrapScripts(): Promise<{ name: string; sql: string }[]> {
  const names = (await readdir(BOOTSTRAP_DIR)).filter((n) => n.endsWith('.sql')).sort();
  return Promise.all(
    names.map(async (name) => ({
      name,
      sql: await readFile(path.join(BOOTSTRAP_DIR, name), 'utf8'),
    })),
  );
}

/** A hash of the bootstrap scripts: equal hashes mean the same baseline. */
export async function bootstrapKey(): Promise<string> {
  const scripts = await loadBootstrapScripts();
  return createHash('sha256')
    .update(scripts.map((s) => s.name + '\0' + s.sql).join('\0'))
    .digest('hex')
    .slice(0, 32);
}

/** Runs the bootstrap when it changed since the last start; returns whether it ran. */
export async function bootstrap(db: Database): Promise<boolean> {
  const scripts = await loadBootstrapScripts();
  const hash = await bootstrapKey();
  const seen = await db
    .query<{ hash: string }>(`select hash from sheaf_stack.bootstrap`)
    .catch(() => ({ rows: [] as { hash: string }[] }));
  if (seen.rows[0]?.hash === hash) return false;
  const fresh = seen.rows.length === 0;
  await db.transaction(async (tx) => {
    // Serialise concurrent bootstraps against one server (roles are shared by its databases).
    await tx.query('select pg_advisory_xact_lock(5428935)');
    for (const script of scripts) await runScript(tx, `bootstrap/${script.name}`, script.sql);
    await tx.exec(
      'create table if not exists sheaf_stack.bootstrap (id int primary key default 1, hash text not null)',
    );
    await tx.query(
      'insert into sheaf_stack.bootstrap (id, hash) values (1, $1) on conflict (id) do update set hash = excluded.hash',
      [hash],
    );
  });
  if (fresh) await db.saveBootstrapTemplate?.(hash);
  return true;
}
