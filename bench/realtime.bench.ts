// Issue 12's Realtime benchmarks, each figure next to a baseline from the same run:
// - a committed change to a subscriber under RLS (supabase-js client, p50/p99), next to a bare
//   LISTEN/NOTIFY round trip on the same database — on PGlite and on a Postgres server;
// - broadcast fan-out to 1, 100 and 500 subscribers, next to a bare `ws` relay server;
// - memory per idle connection (a joined channel), next to a bare `ws` connection.
import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { createClient } from '@supabase/supabase-js';
import type { RealtimeClientOptions } from '@supabase/realtime-js';
import WebSocket from 'ws';
import { startStack, type RunningStack } from '../stack/src/index.ts';
import { createDatabase, startPostgresServer } from '../stack/test/support/postgres-server.ts';
import { makeWorkdir } from '../stack/test/support/stack.ts';
import { measure, ms, ratio, table, type BenchSection, type Stats } from './lib.ts';
import { bareRelay, fanout, memoryPerSocket } from './realtime-sockets.ts';

const MIGRATION = `
create table public.bench_rows (id bigint generated always as identity primary key, owner uuid, n int);
alter table public.bench_rows enable row level security;
create policy "own rows" on public.bench_rows for select to authenticated using (owner = auth.uid());
alter publication supabase_realtime add table public.bench_rows;
`;
const ROUNDS = 3;

/** The round with the median p50 (its p99 comes with it). */
function medianRound<T extends { p50: number }>(rounds: T[]): T {
  return [...rounds].sort((a, b) => a.p50 - b.p50)[Math.floor(rounds.length / 2)]!;
}

const LIMITS = {
  TENANT_MAX_CONCURRENT_USERS: '5000',
  TENANT_MAX_EVENTS_PER_SECOND: '100000000',
  TENANT_MAX_JOINS_PER_SECOND: '100000',
  MAX_CONNECTIONS: '5000',
};

async function start(databaseUrl?: string): Promise<{ stack: RunningStack; done(): void }> {
  const workdir = makeWorkdir({ migrations: { '0001_bench.sql': MIGRATION } });
  const stack = await startStack({
    workdir,
    port: 0,
    quiet: true,
    memory: !databaseUrl,
    databaseUrl,
    env: { ...LIMITS },
  });
  return { stack, done: () => rmSync(path.dirname(workdir), { recursive: true, force: true }) };
}

/** Change → subscriber latency, and the bare NOTIFY round trip, on one stack's database. */
async function changeLatency(stack: RunningStack): Promise<{ notify: Stats; change: Stats }> {
  const user = randomUUID();
  const now = Math.floor(Date.now() / 1000);
  const token = await stack.keys.signAccessToken({
    sub: user,
    role: 'authenticated',
    exp: now + 3600,
  });
  const client = createClient(stack.url, stack.keys.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    accessToken: async () => token,
    realtime: { transport: WebSocket as unknown as RealtimeClientOptions['transport'] },
  });
  const waiting = new Map<number, () => void>();
  await client.realtime.setAuth();
  await new Promise<void>((resolve, reject) =>
    client
      .channel('bench')
      .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'bench_rows' }, (c) =>
        waiting.get((c.new as { n: number }).n)?.(),
      )
      .subscribe((status, error) =>
        status === 'SUBSCRIBED' ? resolve() : reject(error ?? new Error(status)),
      ),
  );
  const pings = new Map<string, () => void>();
  const unlisten = await stack.db.listen('bench_ping', (payload) => pings.get(payload)?.());
  // Rounds alternate the two so drift on this shared machine hits both alike; each figure is
  // the median round.
  const notifies: Stats[] = [];
  const changes: Stats[] = [];
  let n = 0;
  for (let round = 0; round < ROUNDS; round++) {
    const options = { iterations: 150, warmup: 10 };
    notifies.push(
      await measure(() => {
        const i = String(n++);
        return new Promise<void>((resolve) => {
          pings.set(i, resolve);
          void stack.db.query('select pg_notify($1, $2)', ['bench_ping', i]);
        });
      }, options),
    );
    changes.push(
      await measure(() => {
        const i = n++;
        return new Promise<void>((resolve) => {
          waiting.set(i, resolve);
          void stack.db.query('insert into public.bench_rows (owner, n) values ($1, $2)', [
            user,
            i,
          ]);
        });
      }, options),
    );
  }
  await unlisten();
  await client.removeAllChannels();
  return { notify: medianRound(notifies), change: medianRound(changes) };
}

async function latencySection(): Promise<BenchSection> {
  const rows: string[][] = [];
  const add = (label: string, r: { notify: Stats; change: Stats }) =>
    rows.push(
      [
        `${label}: bare LISTEN/NOTIFY round trip (baseline)`,
        ms(r.notify.p50),
        ms(r.notify.p99),
        '1.00×',
      ],
      [
        `${label}: committed insert → supabase-js subscriber (RLS)`,
        ms(r.change.p50),
        ms(r.change.p99),
        ratio(r.change.p50, r.notify.p50),
      ],
    );
  const lite = await start();
  try {
    add('PGlite', await changeLatency(lite.stack));
  } finally {
    await lite.stack.stop();
    lite.done();
  }
  const server = await startPostgresServer();
  try {
    const pgStack = await start(await createDatabase(server.url, 'realtime_bench'));
    try {
      add('Postgres', await changeLatency(pgStack.stack));
    } finally {
      await pgStack.stack.stop();
      pgStack.done();
    }
  } finally {
    server.stop();
  }
  return {
    title: 'Realtime: change to subscriber vs LISTEN/NOTIFY',
    body: `One subscriber (supabase-js over \`ws\`, an authenticated user, RLS on the table) and one
insert at a time through the stack's database port; latency runs from sending the insert to the
subscriber's callback. The baseline is a bare \`pg_notify\` → LISTEN callback round trip on the
same database in the same run: the floor any NOTIFY-based delivery has. Three rounds of 150
alternate the two; each figure is the median round. The difference is the capture trigger, the
visibility query (filters and RLS as the subscriber, one transaction) and the socket hop.

${table(['path', 'p50', 'p99', 'p50 vs NOTIFY'], rows)}`,
  };
}

async function socketSections(): Promise<BenchSection[]> {
  const { stack, done } = await start();
  const bare = await bareRelay();
  const url = `${stack.url.replace(/^http/, 'ws')}/realtime/v1/websocket?apikey=${stack.keys.anonKey}&vsn=2.0.0`;
  const fanRows: string[][] = [];
  const memRows: string[][] = [];
  try {
    for (const [subscribers, messages] of [
      [1, 300],
      [100, 150],
      [500, 100],
    ] as const) {
      const bases = [];
      const rts = [];
      for (let round = 0; round < ROUNDS; round++) {
        bases.push(await fanout(bare.url, 'bare', subscribers, messages));
        rts.push(await fanout(url, 'realtime', subscribers, messages));
      }
      const base = medianRound(bases);
      const rt = medianRound(rts);
      fanRows.push(
        [`${subscribers} — bare ws relay (baseline)`, ms(base.p50), ms(base.p99), '1.00×'],
        [
          `${subscribers} — /realtime/v1 broadcast`,
          ms(rt.p50),
          ms(rt.p99),
          ratio(rt.p50, base.p50),
        ],
      );
    }
    const count = 500;
    const bareMem = await memoryPerSocket(bare.url, 'bare', count);
    const rtMem = await memoryPerSocket(url, 'realtime', count);
    const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
    memRows.push(
      ['bare ws connection (baseline)', kb(bareMem), '1.00×'],
      ['Realtime socket with one joined channel', kb(rtMem), ratio(rtMem, bareMem)],
    );
  } finally {
    await bare.close();
    await stack.stop();
    done();
  }
  return [
    {
      title: 'Realtime: broadcast fan-out vs a bare ws relay',
      body: `A sender and N subscribers (raw \`ws\` clients in a separate process, Phoenix v2 frames,
public channel); latency runs from one broadcast's send to its arrival at the last subscriber,
one message at a time; three rounds alternate the two servers and each figure is the median
round. The baseline is a bare \`ws\` server relaying each message to its other clients, with
the same clients and measurement, in the same run.

${table(['subscribers — server', 'p50', 'p99', 'p50 vs bare'], fanRows)}`,
    },
    {
      title: 'Realtime: memory per idle connection',
      body: `500 sockets held open by a separate process; the server process's heap + external memory
(after GC) grows by this much per socket (RSS is too noisy on this machine to divide). A Realtime
socket here has joined one channel (its channel, audience and timers included).

${table(['connection', 'per socket', 'vs bare'], memRows)}`,
    },
  ];
}

export default async function realtimeBench(): Promise<BenchSection[]> {
  return [await latencySection(), ...(await socketSections())];
}
