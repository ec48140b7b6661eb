// Issue 23's Realtime benchmarks, each next to a baseline from the same run:
// - the flood (realtime-flood.ts) with the stack's default limits, next to the same stack with
//   the per-client limits put out of reach (what the project-wide limits alone do);
// - what the per-frame limit checks cost: acknowledged broadcasts on a public channel, defaults
//   next to limits out of reach;
// - what asking a private channel's write policy again every second costs: acknowledged
//   broadcasts on a private channel, the default 1-second decisions next to decisions kept for
//   the channel's life (hosted Realtime's behaviour) — on PGlite and on a Postgres server.
import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';
import { startStack, type RunningStack } from '../stack/src/index.ts';
import { REALTIME_MIGRATION } from '../stack/test/realtime/fixtures.ts';
import {
  createDatabase,
  dropDatabase,
  startPostgresServer,
} from '../stack/test/support/postgres-server.ts';
import { makeWorkdir } from '../stack/test/support/stack.ts';
import { ms, ratio, table, type BenchSection } from './lib.ts';
import { runFlood, type FloodReport } from './realtime-flood.ts';

/** Per-client limits no client of these benchmarks reaches. */
const OUT_OF_REACH = {
  SHEAF_REALTIME_CLIENT_MAX_EVENTS_PER_SECOND: '1000000000',
  SHEAF_REALTIME_CHANNEL_MAX_EVENTS_PER_SECOND: '1000000000',
  SHEAF_REALTIME_CLIENT_MAX_BYTES_PER_SECOND: '1000000000000',
  SHEAF_REALTIME_CHANNEL_MAX_BYTES_PER_SECOND: '1000000000000',
};
const ROUNDS = 3;

interface Latency {
  p50: number;
  p99: number;
  mean: number;
}

function summary(values: number[]): Latency {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (p: number) =>
    sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
  return { p50: at(50), p99: at(99), mean: sorted.reduce((a, b) => a + b, 0) / sorted.length };
}

function median(rounds: Latency[]): Latency {
  return [...rounds].sort((a, b) => a.p50 - b.p50)[Math.floor(rounds.length / 2)]!;
}

async function start(env: Record<string, string>, databaseUrl?: string) {
  const workdir = makeWorkdir({ migrations: { '0001_app.sql': REALTIME_MIGRATION } });
  const stack = await startStack({
    workdir,
    port: 0,
    quiet: true,
    memory: !databaseUrl,
    databaseUrl,
    env: { ...process.env, DATABASE_URL: undefined, ...env },
  });
  return {
    stack,
    async stop() {
      await stack.stop();
      rmSync(path.dirname(workdir), { recursive: true, force: true });
    },
  };
}

/**
 * Acknowledged broadcasts from one socket to another on `topic`, `count` of them, 30 ms apart
 * (faster than Sheaf sends while someone types, within a channel's 50 a second): the time from
 * each send to its ack.
 */
async function ackLatency(stack: RunningStack, topic: string, isPrivate: boolean, count: number) {
  const url = `${stack.url.replace(/^http/, 'ws')}/realtime/v1/websocket?apikey=${stack.keys.anonKey}&vsn=2.0.0`;
  const writer = randomUUID();
  const now = Math.floor(Date.now() / 1000);
  const token = await stack.keys.signAccessToken({
    sub: writer,
    role: 'authenticated',
    exp: now + 3600,
  });
  if (isPrivate) {
    const room = topic.slice('room:'.length);
    await stack.db.query('insert into public.rooms (id) values ($1) on conflict do nothing', [
      room,
    ]);
    await stack.db.query(
      'insert into public.room_members (room, member, writer) values ($1, $2, true)',
      [room, writer],
    );
  }
  const open = async () => {
    const ws = new WebSocket(url);
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    const replies = new Map<string, () => void>();
    ws.on('message', (data) => {
      const frame = JSON.parse(String(data)) as [
        string,
        string,
        string,
        string,
        { status?: string },
      ];
      if (frame[3] === 'phx_reply') replies.get(frame[1])?.();
    });
    const push = (ref: string, event: string, payload: object) =>
      new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no reply to ${event} ${ref}`)), 10_000);
        replies.set(ref, () => {
          clearTimeout(timer);
          replies.delete(ref);
          resolve();
        });
        ws.send(JSON.stringify(['j', ref, `realtime:${topic}`, event, payload]));
      });
    await push('join', 'phx_join', {
      config: { private: isPrivate, broadcast: { ack: true } },
      access_token: token,
    });
    return { ws, push };
  };
  const receiver = await open();
  const sender = await open();
  const latencies: number[] = [];
  for (let i = -10; i < count; i++) {
    const t0 = performance.now();
    await sender.push(`b${i}`, 'broadcast', { type: 'broadcast', event: 'tick', payload: { i } });
    if (i >= 0) latencies.push(performance.now() - t0);
    await new Promise((resolve) => setTimeout(resolve, 30));
  }
  receiver.ws.terminate();
  sender.ws.terminate();
  return summary(latencies);
}

/** Rounds alternating two configurations on one kind of stack; the median round of each. */
async function compare(
  base: Record<string, string>,
  other: Record<string, string>,
  run: (stack: RunningStack, round: number) => Promise<Latency>,
  databaseUrl?: () => Promise<{ url: string; drop(): Promise<void> }>,
): Promise<[Latency, Latency]> {
  const results: [Latency[], Latency[]] = [[], []];
  for (let round = 0; round < ROUNDS; round++)
    for (const [i, env] of [base, other].entries()) {
      const db = await databaseUrl?.();
      const s = await start(env, db?.url);
      try {
        results[i]!.push(await run(s.stack, round));
      } finally {
        await s.stop();
        await db?.drop();
      }
    }
  return [median(results[0]), median(results[1])];
}

function floodRow(label: string, r: FloodReport): string[] {
  const closed = r.flooder.closed
    ? `closed ${r.flooder.closed.code} “${r.flooder.closed.reason}” after ${Math.round(r.flooder.closed.at)} ms`
    : 'never refused';
  return [
    label,
    `${r.flooder.sent}`,
    `${r.delivered}`,
    closed,
    r.receiverClosed ? `closed (${r.receiverSystems.join(', ')})` : 'open',
    `${r.bystander.received}/${r.bystander.sent}${r.bystander.closed ? `, closed (${r.bystander.systems.join(', ')})` : ''}`,
    `${r.joins.during[0] + r.joins.after[0]} ok, ${r.joins.during[1] + r.joins.after[1]} failed`,
    `${ms(r.rest.idleP95)} / ${ms(r.rest.duringP95)}`,
  ];
}

export default async function realtimeLimitsBench(): Promise<BenchSection[]> {
  console.log('realtime-limits: flood');
  const flood = [
    floodRow('per-client limits out of reach (baseline)', await runFlood(10_000, OUT_OF_REACH)),
    floodRow('stack defaults (Free plan)', await runFlood(10_000)),
  ];

  console.log('realtime-limits: per-frame checks');
  const [publicBase, publicDefault] = await compare(OUT_OF_REACH, {}, (stack, round) =>
    ackLatency(stack, `public-${round}`, false, 150),
  );

  console.log('realtime-limits: policy re-checks');
  const keptForever = { SHEAF_REALTIME_AUTHORIZATION_TTL_MS: String(2 ** 31) };
  const recheck: string[][] = [];
  const addRecheck = (label: string, [kept, ttl]: [Latency, Latency]) =>
    recheck.push(
      [
        `${label}: decision kept for the channel's life (baseline)`,
        ms(kept.p50),
        ms(kept.p99),
        ms(kept.mean),
        '1.00×',
      ],
      [
        `${label}: asked again after 1 s (default)`,
        ms(ttl.p50),
        ms(ttl.p99),
        ms(ttl.mean),
        ratio(ttl.mean, kept.mean),
      ],
    );
  addRecheck(
    'PGlite',
    await compare(keptForever, {}, (stack, round) =>
      ackLatency(stack, `room:bench${round}`, true, 150),
    ),
  );
  const server = await startPostgresServer();
  try {
    let n = 0;
    const database = async () => {
      const name = `limits_bench_${n++}`;
      return {
        url: await createDatabase(server.url, name),
        drop: () => dropDatabase(server.url, name),
      };
    };
    addRecheck(
      'Postgres',
      await compare(
        keptForever,
        {},
        (stack, round) => ackLatency(stack, `room:bench${round}`, true, 150),
        database,
      ),
    );
  } finally {
    server.stop();
  }

  return [
    {
      title: 'Realtime: one client flooding a private channel (issue 23)',
      body: `A member's socket (its own process) sends 10,000 broadcasts as fast as it can on a private
channel, while the other member of that channel receives, a pair of users in another room send
(with ack) and receive every 50 ms, a newcomer joins a channel every 200 ms, and a REST read runs
every 50 ms. The stack runs with its defaults (hosted's Free plan: 100 messages/s for the project;
per socket 100 messages/s, 50 a channel), next to the same stack with the per-client limits put
out of reach — what the project-wide limits alone do (enforced on senders, never on receivers).

${table(['limits', 'flood sent', 'delivered to the other member', 'flooder', 'other member', 'bystander pair: heard/sent', 'joins during and after', 'REST p95 idle / during'], flood)}`,
    },
    {
      title: 'Realtime: the per-frame limit checks',
      body: `Acknowledged broadcasts on a public channel, one socket to another, 150 sends 30 ms apart;
latency from each send to its ack. Three rounds alternate a stack with the default per-client
limits (each frame taken from a socket and a channel token bucket) and one with them out of
reach; each figure is the median round.

${table(
  ['limits', 'p50', 'p99', 'mean', 'mean vs baseline'],
  [
    [
      'per-client limits out of reach (baseline)',
      ms(publicBase.p50),
      ms(publicBase.p99),
      ms(publicBase.mean),
      '1.00×',
    ],
    [
      'default per-client limits',
      ms(publicDefault.p50),
      ms(publicDefault.p99),
      ms(publicDefault.mean),
      ratio(publicDefault.mean, publicBase.mean),
    ],
  ],
)}`,
    },
    {
      title: 'Realtime: asking a private channel’s write policy again every second',
      body: `Acknowledged broadcasts on a private channel (\`room:<id>\`, the write policy an \`exists\` on a
members table), 150 sends 30 ms apart. The default asks the write policy again once its decision
is a second old (a rolled-back transaction as the sender: about one in 30 of these sends waits
for it); the baseline keeps the first decision for the channel's life, as hosted Realtime does
until a new token. Three rounds alternate the two; each figure is the median round.

${table(['driver: decisions', 'p50', 'p99', 'mean', 'mean vs baseline'], recheck)}`,
    },
  ];
}
