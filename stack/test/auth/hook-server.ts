// A real HTTP auth-hook endpoint for the hook tests: a node:http server on 127.0.0.1 that checks
// each request's Standard Webhooks signature with its own secret (401 when it does not match, as
// a hook should), records what it was sent, and answers as the test tells it to.
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

export interface HookCall {
  hook: string;
  payload: Record<string, unknown>;
  headers: http.IncomingHttpHeaders;
}

export interface Answer {
  status?: number;
  headers?: Record<string, string>;
  /** A JSON value, or raw text when `raw` is set. */
  body?: unknown;
  raw?: string;
  /** Waits this long before answering. */
  delayMs?: number;
  /** Drops the connection without an answer. */
  hangUp?: boolean;
}

export type Behaviour = (payload: Record<string, unknown>, attempt: number) => Answer;

export const newHookSecret = () => `v1,whsec_${randomBytes(32).toString('base64')}`;

export interface HookServer {
  url: string;
  /** The secret it verifies with (a test may change it). */
  secret: string;
  calls: HookCall[];
  /** Sets how `hook` answers until reset(); the default passes everything. */
  on(hook: string, behaviour: Behaviour): void;
  reset(): void;
  close(): Promise<void>;
}

/** Lets everything through: the claims back unchanged, `{}` for the other hooks. */
const pass: Behaviour = (payload) =>
  payload.claims ? { body: { claims: payload.claims } } : { body: {} };

export async function startHookServer(): Promise<HookServer> {
  const behaviours = new Map<string, Behaviour>();
  const attempts = new Map<string, number>();
  const calls: HookCall[] = [];
  const state = { secret: newHookSecret() };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const hook = (req.url ?? '').replace(/^\/hooks\//, '');
      try {
        new Webhook(state.secret.slice('v1,'.length)).verify(
          text,
          req.headers as Record<string, string>,
        );
      } catch {
        res.writeHead(401, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: 'bad signature' }));
        return;
      }
      const payload = JSON.parse(text) as Record<string, unknown>;
      calls.push({ hook, payload, headers: req.headers });
      const attempt = attempts.get(hook) ?? 0;
      attempts.set(hook, attempt + 1);
      const answer = (behaviours.get(hook) ?? pass)(payload, attempt);
      const send = () => {
        if (answer.hangUp) {
          req.socket.destroy();
          return;
        }
        if (res.destroyed) return;
        res.writeHead(answer.status ?? 200, {
          'content-type': 'application/json',
          ...answer.headers,
        });
        res.end(answer.raw ?? (answer.body === undefined ? '' : JSON.stringify(answer.body)));
      };
      if (answer.delayMs) setTimeout(send, answer.delayMs);
      else send();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    get secret() {
      return state.secret;
    },
    set secret(value: string) {
      state.secret = value;
    },
    calls,
    on: (hook, behaviour) => {
      behaviours.set(hook, behaviour);
      attempts.delete(hook);
    },
    reset() {
      behaviours.clear();
      attempts.clear();
      calls.length = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
