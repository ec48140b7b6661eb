// A throwaway project folder in the Supabase CLI layout for a scenario, and a database for it on
// a restartable Postgres server (the test support's, durable: acknowledged commits survive an
// immediate shutdown, so any loss is the stack's).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  createDatabase,
  startPostgresServer,
  type PostgresServer,
} from '../../support/postgres-server.ts';

export { createDatabase, startPostgresServer, type PostgresServer };

export interface Project {
  /** The supabase/ folder. */
  workdir: string;
  remove(): void;
}

/** config.toml and migrations (file name → SQL) in a new temporary folder. */
export function makeProject(config: string, migrations: Record<string, string>): Project {
  const root = mkdtempSync(path.join(os.tmpdir(), 'sheaf-chaos-'));
  const workdir = path.join(root, 'supabase');
  mkdirSync(path.join(workdir, 'migrations'), { recursive: true });
  writeFileSync(path.join(workdir, 'config.toml'), config);
  for (const [name, sql] of Object.entries(migrations))
    writeFileSync(path.join(workdir, 'migrations', name), sql);
  return { workdir, remove: () => rmSync(root, { recursive: true, force: true }) };
}
