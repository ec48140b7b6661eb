// The hostile client of the Realtime flood benchmark, in its own process (`tsx
// realtime-flooder.ts <url> <token> <topic> <count>`) so its sending never waits for the server's
// event loop: joins the private channel with the token, then sends `count` broadcasts as fast as
// the socket takes them (yielding every 200 so the server's answers are read), and prints what
// happened: how many it sent, the close code and reason, when, and the system messages it got.
import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';

const [url, token, topic, countText] = process.argv.slice(2);
const count = Number(countText);

const ws = new WebSocket(url!);
await new Promise<void>((resolve, reject) => {
  ws.once('open', () => resolve());
  ws.once('error', reject);
});
const systems: string[] = [];
const replies: string[] = [];
let closed: { code: number; reason: string; at: number } | undefined;
let started = 0;
ws.on('close', (code, reason) => {
  closed = { code, reason: String(reason), at: performance.now() - started };
});
ws.on('error', () => undefined);
const joined = new Promise<void>((resolve, reject) => {
  ws.on('message', (data) => {
    const frame = JSON.parse(String(data)) as [
      unknown,
      unknown,
      string,
      string,
      Record<string, unknown>,
    ];
    if (frame[3] === 'system') systems.push(String(frame[4].message));
    if (frame[3] === 'phx_reply') {
      if (frame[1] === 'join') {
        if ((frame[4] as { status: string }).status === 'ok') resolve();
        else reject(new Error(JSON.stringify(frame)));
      } else if ((frame[4] as { status: string }).status !== 'ok')
        replies.push(JSON.stringify(frame[4]));
    }
  });
});
ws.send(
  JSON.stringify([
    'join',
    'join',
    `realtime:${topic}`,
    'phx_join',
    { config: { private: true, broadcast: { self: false } }, access_token: token },
  ]),
);
await joined;
started = performance.now();
let sent = 0;
while (sent < count && !closed && ws.readyState === WebSocket.OPEN) {
  for (let k = 0; k < 200 && sent < count; k++, sent++)
    ws.send(
      JSON.stringify([
        'join',
        null,
        `realtime:${topic}`,
        'broadcast',
        { type: 'broadcast', event: 'flood', payload: { i: sent } },
      ]),
    );
  await new Promise((resolve) => setImmediate(resolve));
}
const sendingMs = performance.now() - started;
// Wait for the server's verdict (or its absence) before reporting.
const deadline = performance.now() + 5000;
while (!closed && performance.now() < deadline) await new Promise((r) => setTimeout(r, 50));
console.log(JSON.stringify({ sent, sendingMs, closed, systems: [...new Set(systems)], replies }));
ws.terminate();
process.exit(0);
