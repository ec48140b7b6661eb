// Socket-side Realtime benchmarks: broadcast fan-out latency and memory per idle connection, the
// stack's /realtime/v1 next to a bare `ws` server that relays every message to its other
// clients — the least any WebSocket fan-out in Node can cost. The clients run in a child
// process (realtime-clients.ts), so only the server's work and memory are in this process.
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import v8 from 'node:v8';
import vm from 'node:vm';
import { WebSocketServer, type WebSocket } from 'ws';

const CLIENTS = path.join(path.dirname(fileURLToPath(import.meta.url)), 'realtime-clients.ts');

export interface Latency {
  p50: number;
  p99: number;
  mean: number;
}

/** A bare ws server relaying each message to every other client. */
export async function bareRelay(): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer();
  const wss = new WebSocketServer({ server, perMessageDeflate: false });
  wss.on('connection', (ws: WebSocket) =>
    ws.on('message', (data, isBinary) => {
      for (const other of wss.clients) if (other !== ws) other.send(data, { binary: isBinary });
    }),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `ws://127.0.0.1:${port}/`,
    close: () =>
      new Promise((resolve) => {
        for (const ws of wss.clients) ws.terminate();
        wss.close();
        server.close(() => resolve());
      }),
  };
}

function clients(args: string[]) {
  return spawn(process.execPath, ['--import', 'tsx', CLIENTS, ...args], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
}

/** Fan-out latency (send → last of `subscribers` received), measured by the client process. */
export function fanout(
  url: string,
  protocol: 'realtime' | 'bare',
  subscribers: number,
  messages: number,
): Promise<Latency> {
  return new Promise((resolve, reject) => {
    const child = clients(['fanout', url, protocol, String(subscribers), String(messages)]);
    child.stdin.end();
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('exit', (code) =>
      code === 0
        ? resolve(JSON.parse(out) as Latency)
        : reject(new Error(`clients exited ${code}`)),
    );
  });
}

const gc = (() => {
  v8.setFlagsFromString('--expose-gc');
  return vm.runInNewContext('gc') as () => void;
})();

function settledMemory(): number {
  gc();
  gc();
  const m = process.memoryUsage();
  return m.heapUsed + m.external;
}

/** Heap + external memory this process gains per idle socket (bytes), `count` held by a child. */
export async function memoryPerSocket(
  url: string,
  protocol: 'realtime' | 'bare',
  count: number,
): Promise<number> {
  const before = settledMemory();
  const child = clients(['idle', url, protocol, String(count)]);
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('ready')) resolve();
    });
    child.on('exit', (code) => reject(new Error(`clients exited ${code}`)));
  });
  await new Promise((resolve) => setTimeout(resolve, 500));
  const after = settledMemory();
  child.stdin.end();
  await new Promise((resolve) => child.once('exit', resolve));
  await new Promise((resolve) => setTimeout(resolve, 500));
  return (after - before) / count;
}
