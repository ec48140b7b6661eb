// A throwaway Postgres server for the real-server test runs: initdb into a temporary directory,
// started with pg_ctl on a free port, as the `postgres` OS user when running as root (initdb
// refuses root). SHEAF_TEST_DATABASE_URL points the tests at an existing server instead. Fault
// tests (stack/test/db, stack/test/chaos) take it down and bring it back while the stack runs.
import { execFile, execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

export interface PostgresServer {
  url: string;
  /** The postmaster's process id (from its postmaster.pid), e.g. to pin it to some CPUs. */
  pid(): number;
  stop(): void;
  /** `pg_ctl restart -m <mode>`, without blocking the event loop (the stack runs meanwhile). */
  restart(mode: ShutdownMode): Promise<void>;
  /** `pg_ctl stop -m <mode>`: the server stays down until up(). */
  down(mode: ShutdownMode): Promise<void>;
  up(): Promise<void>;
}

export type ShutdownMode = 'smart' | 'fast' | 'immediate';

export interface PostgresServerOptions {
  /**
   * Commits are flushed before they are acknowledged (synchronous_commit=on), so an immediate
   * shutdown loses nothing that was acknowledged. The default trades that for speed.
   */
  durable?: boolean;
}

function findBinDir(): string | undefined {
  try {
    const dir = execFileSync('pg_config', ['--bindir'], { encoding: 'utf8' }).trim();
    if (existsSync(path.join(dir, 'initdb'))) return dir;
  } catch {
    // fall through to the Debian layout
  }
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root).sort((a, b) => Number(b) - Number(a));
  for (const v of versions)
    if (existsSync(path.join(root, v, 'bin', 'initdb'))) return path.join(root, v, 'bin');
  return undefined;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as net.AddressInfo).port;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

export async function startPostgresServer(
  options: PostgresServerOptions = {},
): Promise<PostgresServer> {
  const bin = findBinDir();
  if (!bin) {
    throw new Error(
      'No Postgres server found for the real-Postgres test run. Install it (Debian: apt-get install postgresql) or set SHEAF_TEST_DATABASE_URL.',
    );
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sheaf-pg-'));
  const asRoot = process.getuid?.() === 0;
  const run = (cmd: string, args: string[]) => {
    const full = asRoot
      ? (['runuser', ['-u', 'postgres', '--', path.join(bin, cmd), ...args]] as const)
      : ([path.join(bin, cmd), args] as const);
    const result = spawnSync(full[0], full[1], { encoding: 'utf8' });
    if (result.status !== 0)
      throw new Error(`${cmd} failed: ${result.stderr || result.stdout || result.error?.message}`);
  };
  const runAsync = (cmd: string, args: string[]) =>
    new Promise<void>((resolve, reject) => {
      const [file, argv] = asRoot
        ? ['runuser', ['-u', 'postgres', '--', path.join(bin, cmd), ...args]]
        : [path.join(bin, cmd), args];
      execFile(file, argv, { encoding: 'utf8' }, (error, stdout, stderr) =>
        error
          ? reject(new Error(`${cmd} failed: ${stderr || stdout || error.message}`))
          : resolve(),
      );
    });
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    chownSync(dir, uid, gid);
  }
  const data = path.join(dir, 'data');
  run('initdb', [
    '-D',
    data,
    '-U',
    'postgres',
    '--auth=trust',
    '--no-sync',
    '-E',
    'UTF8',
    '--locale=C.UTF-8',
  ]);
  const port = await freePort();
  const durability = options.durable ? 'on' : 'off';
  const log = path.join(dir, 'server.log');
  // compute_query_id and effective_cache_size as on Supabase's Postgres (what EXPLAIN VERBOSE and
  // SETTINGS show: stack/test/rest/geojson-plan.test.ts).
  const startArgs = [
    '-D',
    data,
    '-l',
    log,
    '-w',
    '-t',
    '60',
    '-o',
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=${durability} -c full_page_writes=off -c max_connections=200 -c compute_query_id=on -c effective_cache_size=128MB`,
    'start',
  ];
  run('pg_ctl', startArgs);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    pid: () => Number(readFileSync(path.join(data, 'postmaster.pid'), 'utf8').split('\n')[0]),
    // The log file keeps the server's output off pg_ctl's pipe (which would never close).
    restart: (mode) =>
      runAsync('pg_ctl', ['-D', data, '-l', log, '-m', mode, '-w', '-t', '60', 'restart']),
    down: (mode) => runAsync('pg_ctl', ['-D', data, '-m', mode, '-w', '-t', '60', 'stop']),
    up: () => runAsync('pg_ctl', startArgs),
    stop() {
      try {
        run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

/** Creates an empty database `name` on the server at `serverUrl`; returns the new database's URL. */
export async function createDatabase(serverUrl: string, name: string): Promise<string> {
  await runSql(serverUrl, `create database ${pg.escapeIdentifier(name)}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Drops database `name` on the server at `serverUrl`, disconnecting whoever is still in it. */
export async function dropDatabase(serverUrl: string, name: string): Promise<void> {
  await runSql(serverUrl, `drop database if exists ${pg.escapeIdentifier(name)} with (force)`);
}

/**
 * Runs `sql` on a connection of its own to the database at `url`, closed afterwards; returns the
 * rows of its (last) statement.
 */
export async function runSql<Row = Record<string, unknown>>(
  url: string,
  sql: string,
): Promise<Row[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const result = (await client.query(sql)) as pg.QueryResult | pg.QueryResult[];
    return (Array.isArray(result) ? (result.at(-1)?.rows ?? []) : result.rows) as Row[];
  } finally {
    await client.end();
  }
}
