// Issue 23's flood, as a hostile client makes it: one member's socket sends 10,000 broadcasts as
// fast as it can on a private channel (in a child process, realtime-flooder.ts) while others go
// on with their work — a member of the same channel receiving, a pair of users in another room
// sending (with ack) and receiving every 50 ms, a newcomer joining a channel every 200 ms, and a
// REST read every 50 ms. Reports who was refused or closed, what was delivered, and REST p95
// before and during. The stack runs with its default limits.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';
import { startStack, type RunningStack } from '../stack/src/index.ts';
import { makeWorkdir } from '../stack/test/support/stack.ts';
import { REALTIME_MIGRATION } from '../stack/test/realtime/fixtures.ts';

const FLOODER = path.join(path.dirname(fileURLToPath(import.meta.url)), 'realtime-flooder.ts');

type Frame = [string | null, string | null, string, string, Record<string, unknown>];

interface Observer {
  ws: WebSocket;
  broadcasts: number;
  systems: string[];
  closedAt?: number;
  acks: { ok: number; error: number };
}

export interface FloodReport {
  flooder: {
    sent: number;
    sendingMs: number;
    closed?: { code: number; reason: string; at: number };
    systems: string[];
    replies: string[];
  };
  /** Broadcasts from the flood that reached the other member of its channel. */
  delivered: number;
  receiverSystems: string[];
  receiverClosed: boolean;
  bystander: { sent: number; acked: number; received: number; closed: boolean; systems: string[] };
  joins: { during: [ok: number, failed: number]; after: [ok: number, failed: number] };
  joinFailures: string[];
  rest: { idleP95: number; duringP95: number };
}

function p95(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil(0.95 * sorted.length) - 1)] ?? 0;
}

async function token(stack: RunningStack, sub: string): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return stack.keys.signAccessToken({
    sub,
    role: 'authenticated',
    aud: 'authenticated',
    exp: now + 3600,
  });
}

function open(url: string): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    ws.once('open', () => resolve(ws));
    ws.once('error', reject);
    ws.once('unexpected-response', (_req, res) => reject(new Error(`upgrade ${res.statusCode}`)));
  });
}

/** Joins `topic` and resolves with the reply's status (and reason). */
function join(ws: WebSocket, topic: string, payload: Record<string, unknown>): Promise<string> {
  const ref = randomUUID();
  return new Promise((resolve) => {
    const onMessage = (data: WebSocket.RawData) => {
      const frame = JSON.parse(String(data)) as Frame;
      if (frame[1] !== ref || frame[3] !== 'phx_reply') return;
      ws.off('message', onMessage);
      const reply = frame[4] as { status: string; response?: { reason?: string } };
      resolve(reply.status === 'ok' ? 'ok' : `error: ${reply.response?.reason ?? ''}`);
    };
    ws.on('message', onMessage);
    ws.once('close', () => resolve('closed'));
    ws.send(JSON.stringify([ref, ref, `realtime:${topic}`, 'phx_join', payload]));
  });
}

async function observer(url: string, topic: string, accessToken: string): Promise<Observer> {
  const ws = await open(url);
  const o: Observer = { ws, broadcasts: 0, systems: [], acks: { ok: 0, error: 0 } };
  ws.on('message', (data) => {
    const frame = JSON.parse(String(data)) as Frame;
    if (frame[3] === 'broadcast') o.broadcasts++;
    else if (frame[3] === 'system') o.systems.push(String(frame[4].message));
    else if (frame[3] === 'phx_close') o.closedAt ??= performance.now();
    else if (frame[3] === 'phx_reply' && frame[1]?.startsWith('tick'))
      o.acks[(frame[4] as { status: string }).status === 'ok' ? 'ok' : 'error']++;
  });
  ws.on('close', () => (o.closedAt ??= performance.now()));
  const status = await join(ws, topic, {
    config: { private: true, broadcast: { ack: true, self: false } },
    access_token: accessToken,
  });
  if (status !== 'ok') throw new Error(`observer join on ${topic}: ${status}`);
  setInterval(() => {
    if (ws.readyState === WebSocket.OPEN)
      ws.send(JSON.stringify([null, 'hb', 'phoenix', 'heartbeat', {}]));
  }, 20_000).unref();
  return o;
}

function flood(url: string, accessToken: string, topic: string, count: number) {
  return new Promise<FloodReport['flooder']>((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', FLOODER, url, accessToken, topic, String(count)],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('exit', (code) =>
      code === 0
        ? resolve(JSON.parse(out) as FloodReport['flooder'])
        : reject(new Error(`flooder exited ${code}`)),
    );
  });
}

export async function runFlood(count = 10_000, env: NodeJS.ProcessEnv = {}): Promise<FloodReport> {
  const workdir = makeWorkdir({ migrations: { '0001_app.sql': REALTIME_MIGRATION } });
  const stack = await startStack({
    workdir,
    port: 0,
    quiet: true,
    memory: true,
    env: { ...process.env, ...env },
  });
  const timers: NodeJS.Timeout[] = [];
  const sockets: WebSocket[] = [];
  try {
    const url = `${stack.url.replace(/^http/, 'ws')}/realtime/v1/websocket?apikey=${stack.keys.anonKey}&vsn=2.0.0`;
    const [editor, member, writer2, reader2] = [
      randomUUID(),
      randomUUID(),
      randomUUID(),
      randomUUID(),
    ];
    await stack.db.exec(`insert into public.rooms (id) values ('r1'), ('r2')`);
    await stack.db.query(
      `insert into public.room_members (room, member, writer) values
         ('r1', $1, true), ('r1', $2, false), ('r2', $3, true), ('r2', $4, false)`,
      [editor, member, writer2, reader2],
    );
    const receiver = await observer(url, 'room:r1', await token(stack, member));
    const bystanderOut = await observer(url, 'room:r2', await token(stack, writer2));
    const bystanderIn = await observer(url, 'room:r2', await token(stack, reader2));
    sockets.push(receiver.ws, bystanderOut.ws, bystanderIn.ws);

    type Phase = 'idle' | 'during' | 'after';
    let phase = 'idle' as Phase;
    const rest: Record<Phase, number[]> = { idle: [], during: [], after: [] };
    const joins = { during: [0, 0] as [number, number], after: [0, 0] as [number, number] };
    const joinFailures: string[] = [];
    let bystanderSent = 0;
    timers.push(
      setInterval(() => {
        if (bystanderOut.ws.readyState !== WebSocket.OPEN) return;
        const ref = `tick-${bystanderSent++}`;
        bystanderOut.ws.send(
          JSON.stringify([
            ref,
            ref,
            'realtime:room:r2',
            'broadcast',
            { type: 'broadcast', event: 'tick', payload: {} },
          ]),
        );
      }, 50),
      setInterval(() => {
        const at = phase;
        const t0 = performance.now();
        void fetch(`${stack.url}/rest/v1/rooms?select=id`, {
          headers: { apikey: stack.keys.anonKey },
        })
          .then((res) => res.arrayBuffer())
          .then(() => rest[at].push(performance.now() - t0));
      }, 50),
      setInterval(() => {
        if (phase === 'idle') return;
        const at = phase;
        void (async () => {
          let outcome: string;
          try {
            const ws = await open(url);
            outcome = await join(ws, `probe-${randomUUID()}`, {});
            ws.terminate();
          } catch (error) {
            outcome = (error as Error).message;
          }
          joins[at][outcome === 'ok' ? 0 : 1]++;
          if (outcome !== 'ok') joinFailures.push(`${at}: ${outcome}`);
        })();
      }, 200),
    );
    await new Promise((resolve) => setTimeout(resolve, 1500));
    phase = 'during';
    const flooder = await flood(url, await token(stack, editor), 'room:r1', count);
    phase = 'after';
    await new Promise((resolve) => setTimeout(resolve, 6000));
    return {
      flooder,
      delivered: receiver.broadcasts,
      receiverSystems: [...new Set(receiver.systems)],
      receiverClosed: receiver.closedAt !== undefined,
      bystander: {
        sent: bystanderSent,
        acked: bystanderOut.acks.ok,
        received: bystanderIn.broadcasts,
        closed: bystanderOut.closedAt !== undefined || bystanderIn.closedAt !== undefined,
        systems: [...new Set([...bystanderOut.systems, ...bystanderIn.systems])],
      },
      joins,
      joinFailures: [...new Set(joinFailures)],
      rest: { idleP95: p95(rest.idle), duringP95: p95(rest.during) },
    };
  } finally {
    for (const t of timers) clearInterval(t);
    for (const ws of sockets) ws.terminate();
    await stack.stop();
    rmSync(path.dirname(workdir), { recursive: true, force: true });
  }
}

// Run alone: `tsx bench/realtime-flood.ts [count]` prints the report.
if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  console.log(JSON.stringify(await runFlood(Number(process.argv[2] ?? 10_000)), null, 2));
  process.exit(0);
}
