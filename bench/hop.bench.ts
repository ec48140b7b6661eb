// Issue 26: what the stack's request path costs next to the bare hop. A signed-in user's
// primary-key read through /rest/v1 (user JWT, RLS on) next to a bare `node:http` server that
// sends the same SQL to the same database, and a 1 KB Storage upload and download next to a bare
// `node:http` server writing and reading a file on the same disk — on both drivers, in one run.
//
// The load is wrk (native, one thread) from outside the process, as clients' is; each driver's
// stack runs in a process of its own (bench/hop-driver.ts), alone as `sheaf-stack` runs it,
// beside its bare servers, one measured at a time, rounds alternating the subject and its
// baseline so the drift of this shared machine hits both alike. That process has a CPU to
// itself; wrk and the Postgres server share the others. Each figure is the median round; the
// ratio that matters is Node CPU per request (the measured process's user + system time over
// the requests served), with throughput beside it.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFile, rmSync, writeFile } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { Database } from '../stack/src/db/adapter.ts';
import type { RunningStack, StackOptions } from '../stack/src/index.ts';
import { builtStack } from '../stack/bin/build.mjs';
import {
  createStorageStore,
  SERVICE_CALLER,
  type Caller,
} from '../stack/src/storage/store/store.ts';
import { createDatabase, startPostgresServer } from '../stack/test/support/postgres-server.ts';
import { makeWorkdir } from '../stack/test/support/stack.ts';
import { median, ms, rate, table, type BenchSection } from './lib.ts';
import {
  alternatingRounds,
  missingTools,
  otherCpus,
  pinProcesses,
  type HttpLoad,
  type LoadResult,
} from './load.ts';

const ROUNDS = Number(process.env.SHEAF_BENCH_HOP_ROUNDS ?? 5);
const SECONDS = 3;
const CONNECTIONS = 10;
export const USER = '00000000-0000-0000-0000-000000000001';

export const MIGRATION = `
create table public.items (id int primary key, owner uuid not null, body text not null);
alter table public.items enable row level security;
create policy "owners read" on public.items for select to authenticated using (owner = auth.uid());
grant select on public.items to authenticated;
insert into public.items select g, ('00000000-0000-0000-0000-00000000000' || (g % 2))::uuid, 'item ' || g from generate_series(1, 1000) g;
`;
export const CONFIG = `
[storage.buckets.bench]
public = false
`;
export const SQL = 'select * from public.items where id = $1';
export const KB = 'x'.repeat(1024);

export interface Bare {
  url: string;
  close(): Promise<void>;
}

async function listen(server: http.Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** The REST yardstick: the SQL through the driver, its rows answered as JSON. */
export async function bareSql(
  query: (sql: string, params: unknown[]) => Promise<{ rows: unknown[] }>,
): Promise<Bare> {
  const server = http.createServer((req, res) => {
    const id = Number(new URL(req.url!, 'http://x').searchParams.get('id'));
    query(SQL, [id]).then(
      (result) => {
        res.writeHead(200, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify(result.rows));
      },
      (error: Error) => res.writeHead(500).end(error.message),
    );
  });
  const url = await listen(server);
  return { url, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** The Storage yardstick: PUT writes the body to a file, GET reads it back. */
export async function bareFiles(dir: string): Promise<Bare> {
  mkdirSync(dir, { recursive: true });
  const server = http.createServer((req, res) => {
    const file = path.join(dir, path.basename(req.url ?? 'x'));
    if (req.method === 'PUT') {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () =>
        writeFile(file, Buffer.concat(chunks), (error) =>
          error ? res.writeHead(500).end() : res.end('{}'),
        ),
      );
    } else readFile(file, (error, data) => (error ? res.writeHead(404).end() : res.end(data)));
  });
  const url = await listen(server);
  return { url, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/**
 * The Storage floor: the bare servers' file work plus the database work a Storage request does,
 * through Storage's own store and the stack's driver, as the service role the bench's requests
 * come as: an upload's two round trips (the bucket's limits with the policy probe, then the row
 * written in one batch), a download's lookup. Keys `f-<n>`, so the stack's own objects keep
 * their bytes.
 */
export async function bareStore(db: Database, dir: string): Promise<Bare> {
  mkdirSync(dir, { recursive: true });
  const store = createStorageStore(db);
  const callerOf = (req: http.IncomingMessage): Caller => {
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(req.headers))
      if (typeof value === 'string') headers[name] = value;
    const path = req.url ?? '/';
    return { ...SERVICE_CALLER, headers, method: req.method, path };
  };
  const server = http.createServer((req, res) => {
    const key = path.basename(req.url ?? 'x');
    const file = path.join(dir, key);
    const fail = (error: Error) => res.writeHead(500).end(error.message);
    const caller = callerOf(req);
    if (req.method === 'PUT') {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const body = Buffer.concat(chunks);
        const write = {
          ...{ bucket: 'bench', key, owner: undefined, upsert: true, userMetadata: null },
          version: randomUUID(),
          metadata: { size: body.length, mimetype: 'application/octet-stream' },
        };
        store
          .tryWrite(caller, write)
          .then(({ refused }) => {
            if (refused) throw refused;
            return new Promise<void>((resolve, reject) =>
              writeFile(file, body, (error) => (error ? reject(error) : resolve())),
            );
          })
          .then(() => store.writeObjectVersion(caller, write))
          .then(() => res.end('{}'), fail);
      });
    } else
      store.findObject(caller, 'bench', key).then((row) => {
        if (!row) return res.writeHead(404).end();
        readFile(file, (error, data) => (error ? res.writeHead(404).end() : res.end(data)));
      }, fail);
  });
  const url = await listen(server);
  for (let i = 1; i <= 50; i++)
    await fetch(`${url}/f-${i}`, { method: 'PUT', body: KB }).then((r) => r.text());
  return { url, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

export interface Pair {
  label: string;
  subject: HttpLoad;
  baseline: HttpLoad;
  baselineLabel: string;
  /** The same work, bare (bareStore): what the request costs at the least. */
  floor?: HttpLoad;
}

interface Measured {
  rate: number;
  p50: number;
  p99: number;
  cpu: number;
}

function summarise(results: LoadResult[]): Measured {
  return {
    rate: median(results.map((r) => r.perSecond)),
    p50: median(results.map((r) => r.p50)),
    p99: median(results.map((r) => r.p99)),
    cpu: median(results.map((r) => r.cpu.stack)),
  };
}

async function measurePair(
  pair: Pair,
): Promise<{ subject: Measured; baseline: Measured; floor?: Measured }> {
  const loads = [pair.subject, pair.baseline, ...(pair.floor ? [pair.floor] : [])];
  const results = await alternatingRounds(loads, ROUNDS);
  const [subject, baseline, floor] = results.map(summarise);
  return { subject: subject!, baseline: baseline!, floor };
}

interface Target {
  driver: 'PGlite' | 'Postgres';
  stack: RunningStack;
  sql: Bare;
  floor: Bare;
  /** Stops the stack and its bare servers. */
  close(): Promise<void>;
}

/**
 * The three requests against `stack`, each beside its bare hop: a signed-in user's primary-key
 * read (the bare server runs the same SQL through `sql`), and a 1 KB upload and download (the
 * bare server writes and reads `files`). Seeds the objects the downloads name.
 */
export async function requestsFor(
  stack: RunningStack,
  sql: Bare,
  files: Bare,
  floor?: Bare,
): Promise<Pair[]> {
  const now = Math.floor(Date.now() / 1000);
  const token = await stack.keys.signAccessToken({
    sub: USER,
    role: 'authenticated',
    aud: 'authenticated',
    iat: now,
    exp: now + 3600,
  });
  const user = { apikey: stack.keys.anonKey, Authorization: `Bearer ${token}` };
  const service = {
    apikey: stack.keys.serviceRoleKey,
    Authorization: `Bearer ${stack.keys.serviceRoleKey}`,
  };
  const load = { connections: CONNECTIONS, seconds: SECONDS };
  // Upload before download, so every object the downloads name exists.
  for (let i = 1; i <= 50; i++) {
    const res = await fetch(`${stack.url}/storage/v1/object/bench/o-${i}`, {
      method: 'POST',
      headers: { ...service, 'content-type': 'application/octet-stream', 'x-upsert': 'true' },
      body: KB,
    });
    if (!res.ok) throw new Error(`seed upload failed: ${res.status} ${await res.text()}`);
    await fetch(`${files.url}/o-${i}`, { method: 'PUT', body: KB }).then((r) => r.text());
  }
  return [
    {
      label: 'primary-key read (user JWT, RLS)',
      // Odd ids belong to the user.
      subject: {
        url: `${stack.url}/rest/v1/items?id=eq.{id}&select=*`,
        headers: user,
        idRange: [1, 1000],
        ...load,
      },
      baseline: { url: `${sql.url}/?id={id}`, idRange: [1, 1000], ...load },
      baselineLabel: 'bare node:http + the same SQL',
    },
    {
      label: '1 KB upload (upsert)',
      subject: {
        url: `${stack.url}/storage/v1/object/bench/o-{id}`,
        method: 'POST',
        headers: { ...service, 'Content-Type': 'application/octet-stream', 'x-upsert': 'true' },
        body: KB,
        idRange: [1, 50],
        ...load,
      },
      baseline: { url: `${files.url}/o-{id}`, method: 'PUT', body: KB, idRange: [1, 50], ...load },
      baselineLabel: 'bare node:http PUT to a file',
      floor: floor && {
        ...{ url: `${floor.url}/f-{id}`, method: 'PUT', body: KB, idRange: [1, 50] },
        ...{ headers: service, ...load },
      },
    },
    {
      label: '1 KB download',
      subject: {
        url: `${stack.url}/storage/v1/object/bench/o-{id}`,
        headers: service,
        idRange: [1, 50],
        ...load,
      },
      baseline: { url: `${files.url}/o-{id}`, idRange: [1, 50], ...load },
      baselineLabel: 'bare node:http GET of a file',
      floor: floor && { url: `${floor.url}/f-{id}`, headers: service, idRange: [1, 50], ...load },
    },
  ];
}

/** The loads of `pair`, each run by wrk on `cpus` (when given). */
export function onCpus(pair: Pair, cpus: string | undefined): Pair {
  if (!cpus) return pair;
  const on = (load: HttpLoad): HttpLoad => ({ ...load, cpus });
  const { subject, baseline, floor } = pair;
  return { ...pair, subject: on(subject), baseline: on(baseline), floor: floor && on(floor) };
}

async function pairsFor(target: Target, files: Bare, cpus: string | undefined): Promise<Pair[]> {
  const pairs = await requestsFor(target.stack, target.sql, files, target.floor);
  return pairs.map((pair) => onCpus({ ...pair, label: `${target.driver}: ${pair.label}` }, cpus));
}

/**
 * The stack on `driver` and its bare servers: the same SQL through the stack's PGlite, or
 * through a pool of its own on the server's database; and the same database work (bareStore).
 */
async function startTarget(
  driver: Target['driver'],
  dir: string,
  start: (options: Partial<StackOptions>) => Promise<RunningStack>,
  databaseUrl: string,
): Promise<Target> {
  const onServer = driver === 'Postgres';
  const stack = await start(
    onServer
      ? { databaseUrl, dataDir: path.join(dir, 'pg') }
      : { dataDir: path.join(dir, 'pglite') },
  );
  const pool = onServer
    ? new pg.Pool({ connectionString: databaseUrl, max: CONNECTIONS })
    : undefined;
  const sql = await bareSql((s, p) => (pool ? pool.query(s, p) : stack.db.query(s, p)));
  const floor = await bareStore(stack.db, path.join(dir, onServer ? 'floor-pg' : 'floor-pglite'));
  const close = async () => {
    await Promise.all([sql.close(), floor.close()]);
    await pool?.end();
    await stack.stop();
  };
  return { driver, stack, sql, floor, close };
}

/** One driver's rows of the table, and the load average as each row started. */
export interface DriverRows {
  rows: string[][];
  loads: string[];
}

/**
 * The three requests on `driver`'s stack beside their bare hops, all in this process, which has
 * its CPU to itself while wrk (on `others`) loads it: what bench/hop-driver.ts runs, in a
 * process of its own for each driver, as `sheaf-stack` runs one stack on one driver.
 */
export async function measureDriver(
  driver: Target['driver'],
  databaseUrl: string,
  others: string | undefined,
): Promise<DriverRows> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sheaf-bench-hop-'));
  const workdir = makeWorkdir({ migrations: { '1_items.sql': MIGRATION }, config: CONFIG });
  const rows: string[][] = [];
  const loads: string[] = [];
  const files = await bareFiles(path.join(dir, 'bare'));
  try {
    // The stack as `sheaf-stack` and `npm start` run it: its build (stack/bin/build.mjs).
    const { startStack } = (await import(pathToFileURL(await builtStack()).href)) as {
      startStack(options: StackOptions): Promise<RunningStack>;
    };
    const start = (options: Partial<StackOptions>) =>
      startStack({ port: 0, quiet: true, env: {}, workdir, ...options });
    const target = await startTarget(driver, dir, start, databaseUrl);
    try {
      for (const pair of await pairsFor(target, files, others)) {
        loads.push(os.loadavg()[0]!.toFixed(1));
        const { subject, baseline, floor } = await measurePair(pair);
        rows.push([
          pair.label,
          `${Math.round(subject.cpu)} µs`,
          `${Math.round(baseline.cpu)} µs`,
          `**${(subject.cpu / baseline.cpu).toFixed(2)}×**`,
          floor
            ? `${Math.round(floor.cpu)} µs (${(floor.cpu / baseline.cpu).toFixed(2)}× bare; stack ${(subject.cpu / floor.cpu).toFixed(2)}× it)`
            : '—',
          `${rate(subject.rate)} / ${rate(baseline.rate)}`,
          `${(baseline.rate / subject.rate).toFixed(2)}×`,
          `${ms(subject.p50)} / ${ms(subject.p99)}`,
          `${ms(baseline.p50)} / ${ms(baseline.p99)}`,
          pair.baselineLabel,
        ]);
      }
    } finally {
      await target.close();
    }
  } finally {
    await files.close();
    rmSync(dir, { recursive: true, force: true });
    rmSync(path.dirname(workdir), { recursive: true, force: true });
  }
  return { rows, loads };
}

/** The line bench/hop-driver.ts prints its rows on. */
export const ROWS_LINE = 'hop-driver rows: ';

/** measureDriver in a process of its own (bench/hop-driver.ts), its output passed through. */
function measureDriverApart(driver: Target['driver'], databaseUrl: string): Promise<DriverRows> {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(root, 'bench/hop-driver.ts'), driver, databaseUrl],
    { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => {
      const line = out.split('\n').find((l) => l.startsWith(ROWS_LINE));
      if (code === 0 && line) resolve(JSON.parse(line.slice(ROWS_LINE.length)) as DriverRows);
      else reject(new Error(`bench/hop-driver.ts ${driver} exited ${code}: ${out.slice(-2000)}`));
    });
  });
}

export default async function hopBench(): Promise<BenchSection[]> {
  const missing = missingTools('wrk');
  if (missing.length > 0)
    return [
      { title: 'The request path vs the bare hop', body: 'Not measured: wrk not installed.' },
    ];
  const server = await startPostgresServer();
  const rows: string[][] = [];
  const loads: string[] = [];
  let pinned: string | undefined;
  try {
    const databaseUrl = await createDatabase(server.url, 'hop_bench');
    // The Postgres server on the CPUs the measured process leaves to others (isolateCpu).
    pinned = otherCpus();
    if (pinned) pinProcesses([server.pid()], pinned);
    // One process per driver, as `sheaf-stack` runs one stack on one driver: neither stack's
    // heap, timers, idle collection or code shaped by the other driver is in the other's.
    for (const driver of ['PGlite', 'Postgres'] as const) {
      const measured = await measureDriverApart(driver, databaseUrl);
      rows.push(...measured.rows);
      loads.push(...measured.loads);
    }
  } finally {
    server.stop();
  }
  return [
    {
      title: 'The request path vs the bare hop (REST and Storage, both drivers)',
      body: [
        `wrk, ${CONNECTIONS} connections, ${ROUNDS} alternating rounds of ${SECONDS} s for the subject and its baseline, median round shown. Node CPU = the measured process's CPU time per request served (for PGlite it includes the in-process database, in both columns). Each driver's stack ran in a process of its own (bench/hop-driver.ts) with its bare servers. ${pinned ? `The measured process ran on CPU 0 alone, wrk and the Postgres server on CPUs ${pinned} (taskset; SHEAF_BENCH_PIN=0 runs them unpinned).` : 'Nothing was pinned to a CPU (one CPU, no taskset, or SHEAF_BENCH_PIN=0).'} Goals (issue 26): REST ≤ 1.5× the bare hop, small Storage requests ≤ 2×. For Storage, "the same database work, bare" is the bare server's file work plus the database work the request does, through Storage's own store and the stack's driver (bareStore): the least such a request can cost. Load average (1 min) when each row started: ${loads.join(', ')}.`,
        '',
        table(
          [
            'request',
            'Node CPU / req',
            'bare',
            'CPU ratio',
            'the same database work, bare',
            'rate / bare rate',
            'rate ratio',
            'p50 / p99',
            'bare p50 / p99',
            'bare hop',
          ],
          rows,
        ),
      ].join('\n'),
    },
  ];
}
