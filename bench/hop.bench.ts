// Issue 26: what the stack's request path costs next to the bare hop. A signed-in user's
// primary-key read through /rest/v1 (user JWT, RLS on) next to a bare `node:http` server that
// sends the same SQL to the same database, and a 1 KB Storage upload and download next to a bare
// `node:http` server writing and reading a file on the same disk — on both drivers, in one run.
//
// The load is wrk (native, one thread) from outside the process, as clients' is; the stacks and
// the bare servers all run in this process, one measured at a time, rounds alternating the
// subject and its baseline so the drift of this shared machine hits both alike. Each figure is
// the median round; the ratio that matters is Node CPU per request (this process's user +
// system time over the requests served), with throughput beside it.
import { mkdirSync, mkdtempSync, readFile, rmSync, writeFile } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startStack, type RunningStack } from '../stack/src/index.ts';
import { startPostgresServer } from '../stack/test/support/postgres-server.ts';
import { makeWorkdir } from '../stack/test/support/stack.ts';
import { median, ms, rate, table, type BenchSection } from './lib.ts';
import { missingTools, wrk, type HttpLoad, type LoadResult } from './load.ts';

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

export interface Pair {
  label: string;
  subject: HttpLoad;
  baseline: HttpLoad;
  baselineLabel: string;
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

async function measurePair(pair: Pair): Promise<{ subject: Measured; baseline: Measured }> {
  await wrk({ ...pair.subject, seconds: 1 });
  await wrk({ ...pair.baseline, seconds: 1 });
  const subject: LoadResult[] = [];
  const baseline: LoadResult[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    // Alternate which goes first, so neither always follows the other.
    if (round % 2 === 0) {
      subject.push(await wrk(pair.subject));
      baseline.push(await wrk(pair.baseline));
    } else {
      baseline.push(await wrk(pair.baseline));
      subject.push(await wrk(pair.subject));
    }
  }
  return { subject: summarise(subject), baseline: summarise(baseline) };
}

interface Target {
  driver: 'PGlite' | 'Postgres';
  stack: RunningStack;
  sql: Bare;
}

/**
 * The three requests against `stack`, each beside its bare hop: a signed-in user's primary-key
 * read (the bare server runs the same SQL through `sql`), and a 1 KB upload and download (the
 * bare server writes and reads `files`). Seeds the objects the downloads name.
 */
export async function requestsFor(stack: RunningStack, sql: Bare, files: Bare): Promise<Pair[]> {
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
    },
  ];
}

async function pairsFor(target: Target, files: Bare): Promise<Pair[]> {
  const pairs = await requestsFor(target.stack, target.sql, files);
  return pairs.map((pair) => ({ ...pair, label: `${target.driver}: ${pair.label}` }));
}

export default async function hopBench(): Promise<BenchSection[]> {
  const missing = missingTools('wrk');
  if (missing.length > 0)
    return [
      { title: 'The request path vs the bare hop', body: 'Not measured: wrk not installed.' },
    ];
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sheaf-bench-hop-'));
  const server = await startPostgresServer();
  const workdir = makeWorkdir({ migrations: { '1_items.sql': MIGRATION }, config: CONFIG });
  const closers: (() => Promise<unknown> | void)[] = [];
  const rows: string[][] = [];
  const loads: string[] = [];
  try {
    const admin = new pg.Client({ connectionString: server.url });
    await admin.connect();
    await admin.query('create database hop_bench');
    await admin.end();
    const url = new URL(server.url);
    url.pathname = '/hop_bench';
    const databaseUrl = url.toString();
    const quiet = { port: 0, quiet: true, env: {}, workdir };
    const onPostgres = await startStack({ ...quiet, databaseUrl, dataDir: path.join(dir, 'pg') });
    closers.push(() => onPostgres.stop());
    const onPglite = await startStack({ ...quiet, dataDir: path.join(dir, 'pglite') });
    closers.push(() => onPglite.stop());
    const pool = new pg.Pool({ connectionString: databaseUrl, max: CONNECTIONS });
    closers.push(() => pool.end());
    const targets: Target[] = [
      { driver: 'PGlite', stack: onPglite, sql: await bareSql((s, p) => onPglite.db.query(s, p)) },
      { driver: 'Postgres', stack: onPostgres, sql: await bareSql((s, p) => pool.query(s, p)) },
    ];
    const files = await bareFiles(path.join(dir, 'bare'));
    closers.push(files.close, ...targets.map((t) => t.sql.close));
    for (const target of targets) {
      for (const pair of await pairsFor(target, files)) {
        loads.push(os.loadavg()[0]!.toFixed(1));
        const { subject, baseline } = await measurePair(pair);
        rows.push([
          pair.label,
          `${Math.round(subject.cpu)} µs`,
          `${Math.round(baseline.cpu)} µs`,
          `**${(subject.cpu / baseline.cpu).toFixed(2)}×**`,
          `${rate(subject.rate)} / ${rate(baseline.rate)}`,
          `${(baseline.rate / subject.rate).toFixed(2)}×`,
          `${ms(subject.p50)} / ${ms(subject.p99)}`,
          `${ms(baseline.p50)} / ${ms(baseline.p99)}`,
          pair.baselineLabel,
        ]);
      }
    }
  } finally {
    for (const close of closers.reverse()) await close();
    server.stop();
    rmSync(dir, { recursive: true, force: true });
    rmSync(path.dirname(workdir), { recursive: true, force: true });
  }
  return [
    {
      title: 'The request path vs the bare hop (REST and Storage, both drivers)',
      body: [
        `wrk, ${CONNECTIONS} connections, ${ROUNDS} alternating rounds of ${SECONDS} s for the subject and its baseline, median round shown. Node CPU = this process's CPU time per request served (for PGlite it includes the in-process database, in both columns). Goals (issue 26): REST ≤ 1.5× the bare hop, small Storage requests ≤ 2×. Load average (1 min) when each row started: ${loads.join(', ')}.`,
        '',
        table(
          [
            'request',
            'Node CPU / req',
            'bare',
            'CPU ratio',
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
