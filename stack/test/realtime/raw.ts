// A bare WebSocket client for protocol tests: what a misbehaving or foreign client sends, frame
// by frame, and what comes back (JSON frames parsed, binary frames as buffers).
import WebSocket from 'ws';
import type { TestStack } from '../support/stack.ts';
import { Inbox } from './support.ts';

export interface RawSocket {
  ws: WebSocket;
  frames: Inbox<unknown>;
  closed: Promise<{ code: number; reason: string }>;
  send(frame: unknown): void;
  /** The next frame that is a reply to `ref` (skipping others). */
  reply(ref: string): Promise<unknown[]>;
}

export function socketUrl(stack: TestStack, query: string): string {
  return `${stack.url.replace(/^http/, 'ws')}/realtime/v1/websocket?${query}`;
}

export async function rawSocket(
  stack: TestStack,
  query = `apikey=${stack.keys.anonKey}&vsn=2.0.0`,
): Promise<RawSocket> {
  const ws = new WebSocket(socketUrl(stack, query));
  const frames = new Inbox<unknown>();
  ws.on('message', (data, isBinary) =>
    frames.push(isBinary ? (data as Buffer) : JSON.parse(String(data))),
  );
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.on('close', (code, reason) => resolve({ code, reason: String(reason) })),
  );
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  return {
    ws,
    frames,
    closed,
    send: (frame) =>
      ws.send(Buffer.isBuffer(frame) || typeof frame === 'string' ? frame : JSON.stringify(frame)),
    async reply(ref) {
      for (;;) {
        const frame = await frames.next();
        if (Array.isArray(frame) && frame[1] === ref && frame[3] === 'phx_reply') return frame;
      }
    },
  };
}

/** The status and body of an upgrade the server refuses. */
export function refusedUpgrade(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { headers });
    ws.on('unexpected-response', (_req, res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    ws.on('open', () => reject(new Error('the upgrade was accepted')));
    ws.on('error', () => undefined);
  });
}
