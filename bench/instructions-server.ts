// One subject of bench/instructions.ts, in a process of its own (which that script runs under
// valgrind): the bare hop (node:http and the driver sending the read's SQL) or a stack (a tree's
// sources or a built module of stack/src/index.ts), on a throwaway Postgres server or on PGlite,
// with the hop bench's items table. Prints one line of JSON — where to send the read and with
// which headers — once it listens, then serves until it is killed.
//
//   node --import tsx bench/instructions-server.ts <bare|stack> <postgres|pglite> [entry]
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { RunningStack, StackOptions } from '../stack/src/index.ts';
import { openPglite } from '../stack/src/db/pglite.ts';
import { createDatabase, startPostgresServer } from '../stack/test/support/postgres-server.ts';
import { makeWorkdir } from '../stack/test/support/stack.ts';
import { bareSql, CONFIG, MIGRATION, USER } from './hop.bench.ts';

const [kind = 'stack', driver = 'postgres', entry = 'stack/src/index.ts'] = process.argv.slice(2);
const dir = mkdtempSync(path.join(os.tmpdir(), 'sheaf-instructions-'));
const server = driver === 'postgres' ? await startPostgresServer() : undefined;
process.on('exit', () => server?.stop());
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => process.exit(0));

/** The read's table, as the bare hop reads it: no roles, no policies, the same rows. */
const ITEMS = `create table public.items (id int primary key, owner uuid not null, body text not null);
insert into public.items select g, ('00000000-0000-0000-0000-00000000000' || (g % 2))::uuid,
  'item ' || g from generate_series(1, 1000) g;`;

async function bare(): Promise<{ url: string; headers: Record<string, string> }> {
  let query: (sql: string, params: unknown[]) => Promise<{ rows: unknown[] }>;
  if (server) {
    const admin = new pg.Client({ connectionString: server.url });
    await admin.connect();
    await admin.query(ITEMS);
    await admin.end();
    const pool = new pg.Pool({ connectionString: server.url, max: 10 });
    query = (sql, params) => pool.query(sql, params);
  } else {
    const db = await openPglite(path.join(dir, 'pglite'));
    await db.exec(ITEMS);
    query = (sql, params) => db.query(sql, params);
  }
  const { url } = await bareSql(query);
  return { url: `${url}/?id={id}`, headers: {} };
}

async function stack(): Promise<{ url: string; headers: Record<string, string> }> {
  const { startStack } = (await import(path.resolve(entry))) as {
    startStack(options: StackOptions): Promise<RunningStack>;
  };
  const workdir = makeWorkdir({ migrations: { '1_items.sql': MIGRATION }, config: CONFIG });
  let databaseUrl: string | undefined;
  if (server) {
    databaseUrl = await createDatabase(server.url, 'instructions');
  }
  const running = await startStack({
    workdir,
    port: 0,
    quiet: true,
    env: {},
    databaseUrl,
    dataDir: dir,
  });
  const now = Math.floor(Date.now() / 1000);
  const token = await running.keys.signAccessToken({
    sub: USER,
    role: 'authenticated',
    aud: 'authenticated',
    iat: now,
    exp: now + 24 * 3600,
  });
  return {
    url: `${running.url}/rest/v1/items?id=eq.{id}&select=*`,
    headers: { apikey: running.keys.anonKey, Authorization: `Bearer ${token}` },
  };
}

const target = kind === 'bare' ? await bare() : await stack();
console.log(JSON.stringify({ ready: true, pid: process.pid, ...target }));
