// The client side of the Realtime benchmarks, run in its own process (`tsx realtime-clients.ts`)
// so the clients' CPU and memory never count as the server's. Two modes, each against a
// Realtime socket (`realtime`: Phoenix v2 frames, a channel joined) or a bare `ws` server
// (`bare`: whatever is sent is fanned out as is):
//   fanout <url> <protocol> <subscribers> <messages>  → prints {p50, p99, mean} of the time from
//     one sender's send to the last subscriber's receipt of the same message, in ms
//   idle <url> <protocol> <sockets>  → opens the sockets, prints "ready", holds them until stdin
//     closes
import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';

const TOPIC = 'realtime:bench';

function open(url: string): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    ws.once('open', () => resolve(ws));
    ws.once('error', reject);
  });
}

/** Opens a socket and, for Realtime, joins the bench channel (waits for the reply). */
async function connect(url: string, protocol: string): Promise<WebSocket> {
  const ws = await open(url);
  if (protocol !== 'realtime') return ws;
  await new Promise<void>((resolve, reject) => {
    const onMessage = (data: WebSocket.RawData) => {
      const frame = JSON.parse(String(data)) as unknown[];
      if (frame[3] !== 'phx_reply') return;
      ws.off('message', onMessage);
      if ((frame[4] as { status: string }).status === 'ok') resolve();
      else reject(new Error(JSON.stringify(frame)));
    };
    ws.on('message', onMessage);
    ws.send(
      JSON.stringify(['1', '1', TOPIC, 'phx_join', { config: { broadcast: { self: false } } }]),
    );
  });
  // Keep the socket alive as realtime-js would.
  const beat = setInterval(
    () => ws.send(JSON.stringify([null, 'hb', 'phoenix', 'heartbeat', {}])),
    20_000,
  );
  ws.once('close', () => clearInterval(beat));
  return ws;
}

async function connectAll(url: string, protocol: string, count: number): Promise<WebSocket[]> {
  const sockets: WebSocket[] = [];
  for (let i = 0; i < count; i += 25)
    sockets.push(
      ...(await Promise.all(
        Array.from({ length: Math.min(25, count - i) }, () => connect(url, protocol)),
      )),
    );
  return sockets;
}

/** The message number a frame carries (Realtime v2 JSON broadcast, or the bare echo). */
function numberOf(data: WebSocket.RawData): number | undefined {
  const frame = JSON.parse(String(data)) as unknown;
  if (Array.isArray(frame)) {
    if (frame[3] !== 'broadcast') return undefined;
    return (frame[4] as { payload: { i: number } }).payload.i;
  }
  return (frame as { i: number }).i;
}

async function fanout(url: string, protocol: string, subscribers: number, messages: number) {
  const receivers = await connectAll(url, protocol, subscribers);
  const sender = await connect(url, protocol);
  const counts = new Map<number, number>();
  let waiting: { i: number; done: () => void } | undefined;
  for (const ws of receivers)
    ws.on('message', (data) => {
      const i = numberOf(data);
      if (i === undefined) return;
      const n = (counts.get(i) ?? 0) + 1;
      counts.set(i, n);
      if (n === subscribers && waiting?.i === i) waiting.done();
    });
  const latencies: number[] = [];
  for (let i = -20; i < messages; i++) {
    const t0 = performance.now();
    await new Promise<void>((resolve) => {
      waiting = { i, done: resolve };
      const body =
        protocol === 'realtime'
          ? [null, null, TOPIC, 'broadcast', { type: 'broadcast', event: 'tick', payload: { i } }]
          : { i };
      sender.send(JSON.stringify(body));
    });
    if (i >= 0) latencies.push(performance.now() - t0);
    counts.delete(i);
  }
  latencies.sort((a, b) => a - b);
  const at = (p: number) =>
    latencies[Math.min(latencies.length - 1, Math.ceil((p / 100) * latencies.length) - 1)]!;
  const mean = latencies.reduce((a, b) => a + b, 0) / latencies.length;
  console.log(JSON.stringify({ p50: at(50), p99: at(99), mean }));
  for (const ws of [...receivers, sender]) ws.terminate();
}

async function idle(url: string, protocol: string, count: number) {
  const sockets = await connectAll(url, protocol, count);
  console.log('ready');
  process.stdin.resume();
  process.stdin.once('end', () => {
    for (const ws of sockets) ws.terminate();
    process.exit(0);
  });
}

const [mode, url, protocol, a, b] = process.argv.slice(2);
if (mode === 'fanout') await fanout(url!, protocol!, Number(a), Number(b));
else if (mode === 'idle') await idle(url!, protocol!, Number(a));
else throw new Error(`unknown mode ${mode}`);
