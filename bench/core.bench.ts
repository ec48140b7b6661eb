// Issue 2's benchmarks: how long the stack takes to start (fresh and existing database) next to
// opening bare PGlite, and an authenticated one-row REST read next to the same SQL through the
// driver (role and claims set in one transaction, as the REST service does).
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { startStack } from '../stack/src/index.ts';
import { asCaller } from '../stack/src/db/as-caller.ts';
import { makeWorkdir } from '../stack/test/support/stack.ts';
import { measure, ms, rate, ratio, table, time, type BenchSection } from './lib.ts';

const MIGRATION = `
create table public.items (id int primary key, owner uuid not null, body text not null);
alter table public.items enable row level security;
create policy "owners read" on public.items for select to authenticated using (owner = auth.uid());
insert into public.items select g, ('00000000-0000-0000-0000-00000000000' || (g % 2))::uuid, 'item ' || g from generate_series(1, 1000) g;
`;

async function startup(): Promise<BenchSection> {
  const rows: string[][] = [];
  const runs = 3;
  const bare: number[] = [];
  const fresh: number[] = [];
  const existing: number[] = [];
  for (let i = 0; i < runs; i++) {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'sheaf-bench-'));
    bare.push(await time(async () => (await PGlite.create(path.join(dir, 'bare'))).close()));
    const workdir = makeWorkdir({ migrations: { '1_items.sql': MIGRATION } });
    const dataDir = path.join(dir, 'stack');
    let stack: Awaited<ReturnType<typeof startStack>> | undefined;
    fresh.push(
      await time(async () => {
        stack = await startStack({ workdir, port: 0, quiet: true, dataDir, env: {} });
      }),
    );
    await stack!.stop();
    existing.push(
      await time(async () => {
        stack = await startStack({ workdir, port: 0, quiet: true, dataDir, env: {} });
      }),
    );
    await stack!.stop();
    rmSync(dir, { recursive: true, force: true });
    rmSync(path.dirname(workdir), { recursive: true, force: true });
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const base = median(bare);
  rows.push(['bare PGlite open of a new data dir (runs initdb) — baseline', ms(base), '1.00×']);
  rows.push([
    'stack start, fresh database (cached bootstrapped template + migration + seed)',
    ms(median(fresh)),
    ratio(median(fresh), base),
  ]);
  rows.push([
    'stack start, existing database',
    ms(median(existing)),
    ratio(median(existing), base),
  ]);
  return {
    title: 'Stack cold start (PGlite)',
    body: `Median of ${runs} runs each. Start = until the gateway listens. A fresh stack database starts from a cached copy of an already bootstrapped data directory, so it skips initdb; the first start on a machine pays for initdb once and saves the copy.\n\n${table(['what', 'time', 'vs bare PGlite'], rows)}`,
  };
}

async function restRead(): Promise<BenchSection> {
  const workdir = makeWorkdir({ migrations: { '1_items.sql': MIGRATION } });
  const stack = await startStack({ workdir, port: 0, quiet: true, memory: true, env: {} });
  const sub = '00000000-0000-0000-0000-000000000001';
  const now = Math.floor(Date.now() / 1000);
  const claims = { sub, role: 'authenticated', aud: 'authenticated', iat: now, exp: now + 3600 };
  const token = await stack.keys.signAccessToken(claims);
  const headers = { apikey: stack.keys.anonKey, authorization: `Bearer ${token}` };
  const iterations = 500;
  const viaRest = await measure(
    async (i) => {
      const id = 2 * ((Math.abs(i) % 400) + 1) + 1; // odd ids belong to the caller
      const res = await fetch(`${stack.url}/rest/v1/items?id=eq.${id}&select=*`, { headers });
      if (!res.ok) throw new Error(`REST read failed: ${res.status} ${await res.text()}`);
      await res.json();
    },
    { iterations },
  );
  const viaDriver = await measure(
    async (i) => {
      const id = 2 * ((Math.abs(i) % 400) + 1) + 1;
      await asCaller(stack.db, { role: 'authenticated', claims }, (tx) =>
        tx.query(
          'select coalesce(json_agg(t), $2::json) from (select * from public.items where id = $1) t',
          [id, '[]'],
        ),
      );
    },
    { iterations },
  );
  await stack.stop();
  rmSync(path.dirname(workdir), { recursive: true, force: true });
  return {
    title: 'Authenticated one-row REST read (PGlite)',
    body: `${iterations} sequential reads of one row under RLS as an authenticated user.\n\n${table(
      ['path', 'p50', 'p95', 'p99', 'rate', 'p50 vs driver'],
      [
        [
          'same SQL through the driver (role + claims + select in one transaction) — baseline',
          ms(viaDriver.p50),
          ms(viaDriver.p95),
          ms(viaDriver.p99),
          rate(viaDriver.perSecond),
          '1.00×',
        ],
        [
          'GET /rest/v1/items?id=eq.N over HTTP',
          ms(viaRest.p50),
          ms(viaRest.p95),
          ms(viaRest.p99),
          rate(viaRest.perSecond),
          ratio(viaRest.p50, viaDriver.p50),
        ],
      ],
    )}`,
  };
}

export default async function run(): Promise<BenchSection[]> {
  return [await startup(), await restRead()];
}
