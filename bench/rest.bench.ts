// Issue 4's REST benchmarks: a primary-key select, a 50-row page with one embedded relation, a
// filtered count and a single-row insert through /rest/v1 (HTTP, supabase-js's requests), each
// next to the same query sent straight to the same database through the plain driver in the
// same run — on PGlite and on a real Postgres server. The ratio is the figure that matters.
import { rmSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { startStack, type RunningStack } from '../stack/src/index.ts';
import { startPostgresServer } from '../stack/test/support/postgres-server.ts';
import { makeWorkdir } from '../stack/test/support/stack.ts';
import { measure, ms, rate, ratio, table, type BenchSection, type Stats } from './lib.ts';

const PROJECTS = 500;

interface Case {
  label: string;
  rest: (i: number) => Promise<unknown>;
  sql: (i: number) => Promise<unknown>;
}

function cases(
  stack: RunningStack,
  query: (sql: string, params: unknown[]) => Promise<unknown>,
): Case[] {
  const key = stack.keys.serviceRoleKey;
  const headers = { apikey: key, Authorization: `Bearer ${key}` };
  const get = async (p: string, extra: Record<string, string> = {}, method = 'GET') => {
    const res = await fetch(`${stack.url}/rest/v1${p}`, {
      method,
      headers: { ...headers, ...extra },
    });
    if (res.status >= 300) throw new Error(`${p}: ${res.status} ${await res.text()}`);
    return res.text();
  };
  let nextId = 100_000;
  return [
    {
      label: 'primary-key select',
      rest: (i) => get(`/items?select=*&id=eq.${(Math.abs(i) % 5) + 1}`),
      sql: (i) => query('select * from public.items where id = $1', [(Math.abs(i) % 5) + 1]),
    },
    {
      label: '50-row page + one embed',
      rest: () => get('/projects?select=*,clients(*)&order=id&limit=50'),
      sql: () =>
        query(
          'select p.*, row_to_json(c) as clients from public.projects p left join public.clients c on c.id = p.client_id order by p.id limit 50',
          [],
        ),
    },
    {
      label: 'filtered count (HEAD, count=exact)',
      rest: () => get('/projects?client_id=eq.1', { Prefer: 'count=exact' }, 'HEAD'),
      sql: () => query('select count(*) from public.projects where client_id = $1', [1]),
    },
    {
      label: 'single-row insert (return=minimal)',
      rest: async () => {
        const id = nextId++;
        const res = await fetch(`${stack.url}/rest/v1/clients`, {
          method: 'POST',
          headers: { ...headers, 'Content-Type': 'application/json', Prefer: 'return=minimal' },
          body: JSON.stringify({ id, name: `c${id}` }),
        });
        if (res.status !== 201) throw new Error(`insert: ${res.status} ${await res.text()}`);
      },
      sql: () => {
        const id = nextId++;
        return query('insert into public.clients (id, name) values ($1, $2)', [id, `c${id}`]);
      },
    },
  ];
}

async function run(
  label: string,
  stack: RunningStack,
  query: (sql: string, params: unknown[]) => Promise<unknown>,
  concurrency: number,
  iterations: number,
): Promise<BenchSection> {
  await stack.db.exec(
    `insert into public.projects (id, name, client_id) select g, 'p' || g, 1 + g % 3 from generate_series(100, ${100 + PROJECTS}) g on conflict do nothing`,
  );
  const rows: string[][] = [];
  for (const c of cases(stack, query)) {
    const base: Stats = await measure(c.sql, { iterations, concurrency });
    const rest: Stats = await measure(c.rest, { iterations, concurrency });
    rows.push([
      c.label,
      rate(rest.perSecond),
      ms(rest.p50),
      ms(rest.p99),
      rate(base.perSecond),
      ms(base.p50),
      ms(base.p99),
      ratio(base.perSecond, rest.perSecond),
    ]);
  }
  return {
    title: `REST API on ${label}`,
    body: [
      `${iterations} calls per case, ${concurrency} in flight; the REST column goes through HTTP, the gateway, one transaction as the caller (role, claims, search_path) and the JSON built in SQL; the driver column is the same query sent straight to the same database.`,
      '',
      table(
        [
          'case',
          'REST rate',
          'REST p50',
          'REST p99',
          'driver rate',
          'driver p50',
          'driver p99',
          'REST cost (driver rate ÷ REST rate)',
        ],
        rows,
      ),
    ].join('\n'),
  };
}

export default async function (): Promise<BenchSection[]> {
  const sections: BenchSection[] = [];
  const workdir = makeWorkdir({ fixture: 'rest' });
  const quiet = { port: 0, quiet: true, env: {} } as const;
  try {
    const lite = await startStack({ ...quiet, workdir, memory: true });
    try {
      sections.push(await run('PGlite', lite, (sql, params) => lite.db.query(sql, params), 4, 300));
    } finally {
      await lite.stop();
    }
    const server = await startPostgresServer();
    try {
      const admin = new pg.Client({ connectionString: server.url });
      await admin.connect();
      await admin.query('create database rest_bench');
      await admin.end();
      const url = new URL(server.url);
      url.pathname = '/rest_bench';
      const stack = await startStack({ ...quiet, workdir, databaseUrl: url.toString() });
      const pool = new pg.Pool({ connectionString: url.toString(), max: 10 });
      try {
        sections.push(
          await run('a Postgres server', stack, (sql, params) => pool.query(sql, params), 10, 1000),
        );
      } finally {
        await pool.end();
        await stack.stop();
      }
    } finally {
      server.stop();
    }
  } finally {
    rmSync(path.dirname(workdir), { recursive: true, force: true });
  }
  return sections;
}
