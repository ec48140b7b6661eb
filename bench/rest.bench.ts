// Issue 4's REST benchmarks: a primary-key select, a 50-row page with one embedded relation, a
// filtered count and a single-row insert through /rest/v1, each next to the same query sent
// straight to the same database through a plain driver in the same run. The ratio is the figure
// that matters; the goal is under 1.5× on a real Postgres server.
//
// On a Postgres server the load comes from outside this process, as clients' does: wrk sends
// supabase-js's requests to the stack, pgbench (libpq) sends the SQL to Postgres — both native,
// one thread, ten connections. A third column is a yardstick: a bare Node HTTP server running
// the same SQL through node-postgres and answering its rows as JSON, no REST work at all — what
// any HTTP hop in Node costs. Rounds alternate the three so drift on this shared machine hits
// them alike; each figure is the median round.
//
// On PGlite the database lives in the stack's process, so its baseline is the in-process query
// at the same concurrency, and the REST load is wrk's.
import { rmSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import pg from 'pg';
import { startStack, type RunningStack } from '../stack/src/index.ts';
import { createDatabase, startPostgresServer } from '../stack/test/support/postgres-server.ts';
import { makeWorkdir } from '../stack/test/support/stack.ts';
import { measure, ms, rate, ratio, table, type BenchSection } from './lib.ts';
import { missingTools, pgbench, wrk, type HttpLoad, type LoadResult } from './load.ts';

const PROJECTS = 500;
const CONNECTIONS = 10;
const SECONDS = 3;
const ROUNDS = 3;

interface RestRequest {
  /** Below /rest/v1; {id} varies per request. */
  path: string;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  idRange?: [number, number];
}

interface Case {
  label: string;
  /** The REST request, as supabase-js sends it. */
  rest: RestRequest;
  /** The same query as SQL (`:id` where the request has {id}), for the driver and the yardstick. */
  sql: string;
  /** The yardstick's answer status. */
  status: number;
}

const CASES: Case[] = [
  {
    label: 'primary-key select',
    rest: { path: '/items?select=*&id=eq.{id}', idRange: [1, 5] },
    sql: 'select * from public.items where id = :id',
    status: 200,
  },
  {
    label: '50-row page + one embed',
    rest: { path: '/projects?select=*,clients(*)&order=id&limit=50' },
    sql: 'select p.*, row_to_json(c) as clients from public.projects p left join public.clients c on c.id = p.client_id order by p.id limit 50',
    status: 200,
  },
  {
    // wrk cannot read answers to HEAD (it waits for the body Content-Length announces), so the
    // count comes with an empty page, which PostgREST plans the same way.
    label: 'filtered count (count=exact, limit=0)',
    rest: {
      path: '/projects?select=id&client_id=eq.1&limit=0',
      headers: { Prefer: 'count=exact' },
    },
    sql: 'select count(*) from public.projects where client_id = 1',
    status: 200,
  },
  {
    label: 'single-row insert (return=minimal)',
    rest: {
      path: '/items',
      method: 'POST',
      body: JSON.stringify({ name: 'bench' }),
      headers: { 'Content-Type': 'application/json', Prefer: 'return=minimal' },
    },
    sql: "insert into public.items (name) values ('bench')",
    status: 201,
  },
];

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

function medianResult(results: LoadResult[]): LoadResult {
  const pick = (f: (r: LoadResult) => number) => median(results.map(f));
  return {
    perSecond: pick((r) => r.perSecond),
    p50: pick((r) => r.p50),
    p99: pick((r) => r.p99),
    requests: pick((r) => r.requests),
    cpu: {
      load: pick((r) => r.cpu.load),
      stack: pick((r) => r.cpu.stack),
      stackKernel: pick((r) => r.cpu.stackKernel),
      postgres: pick((r) => r.cpu.postgres),
    },
  };
}

function restLoad(stack: RunningStack, c: Case): HttpLoad {
  const key = stack.keys.serviceRoleKey;
  const { path: p, headers, ...rest } = c.rest;
  return {
    ...rest,
    url: `${stack.url}/rest/v1${p}`,
    headers: { apikey: key, Authorization: `Bearer ${key}`, ...headers },
    connections: CONNECTIONS,
    seconds: SECONDS,
  };
}

/** The yardstick: a bare Node HTTP server that runs each case's SQL through node-postgres. */
async function startYardstick(databaseUrl: string) {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: CONNECTIONS });
  const server = http.createServer((req, res) => {
    const c = CASES[Number(new URL(req.url!, 'http://x').pathname.slice(1))]!;
    const id = 1 + Math.floor(Math.random() * 5);
    const sql = c.sql.replace(':id', '$1');
    pool
      .query(sql, sql.includes('$1') ? [id] : [])
      .then((result) => {
        const body = c.status === 201 ? '' : JSON.stringify(result.rows);
        res.writeHead(c.status, { 'Content-Type': 'application/json' });
        res.end(req.method === 'HEAD' ? undefined : body);
      })
      .catch((error: Error) => {
        res.writeHead(500);
        res.end(error.message);
      });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: (index: number) => `http://127.0.0.1:${port}/${index}`,
    async stop() {
      await new Promise((resolve) => server.close(resolve));
      await pool.end();
    },
  };
}

async function seed(stack: RunningStack) {
  await stack.db.exec(
    `insert into public.projects (id, name, client_id) select g, 'p' || g, 1 + g % 3 from generate_series(100, ${100 + PROJECTS}) g on conflict do nothing`,
  );
}

const us = (value: number) => `${Math.round(value)}`;

/** The columns both sections share: the case, then REST's and the driver's rate and latency. */
const RATE_COLUMNS = ['case', 'REST rate', 'REST p50 / p99', 'driver rate', 'driver p50 / p99'];
type Measured = Pick<LoadResult, 'perSecond' | 'p50' | 'p99'>;
const rateCells = (label: string, rest: Measured, driver: Measured) => [
  label,
  rate(rest.perSecond),
  `${ms(rest.p50)} / ${ms(rest.p99)}`,
  rate(driver.perSecond),
  `${ms(driver.p50)} / ${ms(driver.p99)}`,
];

async function onServer(): Promise<BenchSection> {
  const server = await startPostgresServer();
  const workdir = makeWorkdir({ fixture: 'rest' });
  try {
    const databaseUrl = await createDatabase(server.url, 'rest_bench');
    const stack = await startStack({ port: 0, quiet: true, env: {}, workdir, databaseUrl });
    const yardstick = await startYardstick(databaseUrl);
    const rows: string[][] = [];
    const cpuRows: string[][] = [];
    try {
      await seed(stack);
      for (const [index, c] of CASES.entries()) {
        const driver: LoadResult[] = [];
        const rest: LoadResult[] = [];
        const bare: LoadResult[] = [];
        const sqlLoad = {
          databaseUrl,
          script: `\\set id random(1, 5)\n${c.sql};\n`,
          clients: CONNECTIONS,
          seconds: SECONDS,
        };
        const bareLoad: HttpLoad = {
          url: yardstick.url(index),
          method: c.rest.method,
          connections: CONNECTIONS,
          seconds: SECONDS,
        };
        // Warm-up: connections, prepared statements, JIT.
        await pgbench({ ...sqlLoad, seconds: 1 });
        await wrk({ ...restLoad(stack, c), seconds: 1 });
        await wrk({ ...bareLoad, seconds: 1 });
        for (let round = 0; round < ROUNDS; round++) {
          driver.push(await pgbench(sqlLoad));
          rest.push(await wrk(restLoad(stack, c)));
          bare.push(await wrk(bareLoad));
        }
        const [d, r, b] = [medianResult(driver), medianResult(rest), medianResult(bare)];
        rows.push([
          ...rateCells(c.label, r, d),
          rate(b.perSecond),
          ratio(d.perSecond, r.perSecond),
          ratio(b.perSecond, r.perSecond),
        ]);
        cpuRows.push(
          [c.label, 'REST', us(r.cpu.load), us(r.cpu.stack), us(r.cpu.postgres)],
          ['', 'driver', us(d.cpu.load), '—', us(d.cpu.postgres)],
          ['', 'bare Node HTTP + pg', us(b.cpu.load), us(b.cpu.stack), us(b.cpu.postgres)],
        );
      }
    } finally {
      await yardstick.stop();
      await stack.stop();
    }
    return {
      title: 'REST API on a Postgres server',
      body: [
        `${CONNECTIONS} connections, ${ROUNDS} alternating rounds of ${SECONDS} s per column, median round shown. REST: wrk → the stack (gateway, one pipelined transaction as the caller with its claims, headers and search_path, prepared statements, the JSON built in SQL) → Postgres. Driver: pgbench → Postgres, the same SQL as an unnamed statement. Bare: wrk → a Node HTTP server doing nothing but that SQL through node-postgres.`,
        '',
        table(
          [
            ...RATE_COLUMNS,
            'bare HTTP rate',
            'REST cost vs driver (goal < 1.5×)',
            'REST cost vs bare HTTP',
          ],
          rows,
        ),
        '',
        'Where the time goes: CPU microseconds per request in each process (same median rounds).',
        '',
        table(['case', 'path', 'load generator', 'Node server', 'Postgres'], cpuRows),
      ].join('\n'),
    };
  } finally {
    server.stop();
    rmSync(path.dirname(workdir), { recursive: true, force: true });
  }
}

async function onPglite(): Promise<BenchSection> {
  const workdir = makeWorkdir({ fixture: 'rest' });
  const stack = await startStack({ port: 0, quiet: true, env: {}, workdir, memory: true });
  const rows: string[][] = [];
  try {
    await seed(stack);
    for (const c of CASES) {
      const sql = c.sql.replace(':id', '$1');
      const query = (i: number) =>
        stack.db.query(sql, sql.includes('$1') ? [(Math.abs(i) % 5) + 1] : []);
      await measure(query, { iterations: 200, concurrency: 4 });
      await wrk({ ...restLoad(stack, c), connections: 4, seconds: 1 });
      const driver = await measure(query, { iterations: 1500, concurrency: 4 });
      const rest = await wrk({ ...restLoad(stack, c), connections: 4, seconds: SECONDS });
      rows.push([...rateCells(c.label, rest, driver), ratio(driver.perSecond, rest.perSecond)]);
    }
  } finally {
    await stack.stop();
    rmSync(path.dirname(workdir), { recursive: true, force: true });
  }
  return {
    title: 'REST API on PGlite',
    body: [
      'PGlite runs inside the stack, so the driver column is the same query through its in-process API (4 in flight); the REST column is wrk with 4 connections through HTTP, the gateway and one transaction as the caller.',
      '',
      table([...RATE_COLUMNS, 'REST cost (driver rate ÷ REST rate)'], rows),
    ].join('\n'),
  };
}

export default async function (): Promise<BenchSection[]> {
  const missing = missingTools('wrk', 'pgbench');
  if (missing.length > 0) {
    return [
      {
        title: 'REST API',
        body: `Not measured: ${missing.join(' and ')} not installed (Debian: apt-get install wrk postgresql).`,
      },
    ];
  }
  return [await onPglite(), await onServer()];
}
