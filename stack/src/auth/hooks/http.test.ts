import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import type { AuthError } from '../errors.ts';
import { postHook, type HttpHookOptions } from './http.ts';

const SECRET = `v1,whsec_${Buffer.alloc(32, 3).toString('base64')}`;
// A timeout far above any answer's time (even on a loaded machine), except where the timeout
// itself is what is tested.
const FAST: HttpHookOptions = { timeoutMs: 10_000, retries: 3, backoffMs: 20, limitBytes: 64 };

type Handler = (req: http.IncomingMessage, body: string, res: http.ServerResponse) => void;
let handler: Handler = (_req, _body, res) => res.end();
let server: http.Server;
let url = '';

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => handler(req, body, res));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

const codeOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 'resolved',
    (error: AuthError) => `${error.errorCode}: ${error.message}`,
  );

describe('an HTTP hook call', () => {
  it('posts the JSON signed with Standard Webhooks and returns the JSON answer', async () => {
    handler = (req, body, res) => {
      const payload = new Webhook(SECRET.slice(3)).verify(
        body,
        req.headers as Record<string, string>,
      );
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
      res.end(JSON.stringify({ echo: payload }));
    };
    expect(await postHook(url, [SECRET], { a: 1 }, FAST)).toBe('{"echo":{"a":1}}');
  });

  it('returns nothing for a 204', async () => {
    handler = (_req, _body, res) => res.writeHead(204).end();
    expect(await postHook(url, [SECRET], {}, FAST)).toBeUndefined();
  });

  it('gives up at the timeout with hook_timeout', async () => {
    handler = (_req, _body, res) => setTimeout(() => res.end('{}'), 1000);
    expect(await codeOf(postHook(url, [SECRET], {}, { ...FAST, timeoutMs: 300 }))).toBe(
      'hook_timeout: Failed to reach hook within maximum time of 0.300000 seconds',
    );
  });

  it('needs a JSON content type, and no more than the limit', async () => {
    handler = (_req, _body, res) => res.end('{}');
    expect(await codeOf(postHook(url, [SECRET], {}, FAST))).toMatch(
      /^hook_payload_invalid_content_type: /,
    );
    handler = (_req, _body, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ pad: 'x'.repeat(100) }));
    };
    expect(await codeOf(postHook(url, [SECRET], {}, FAST))).toBe(
      'hook_payload_over_size_limit: Payload size exceeded size limit of 64 bytes',
    );
  });

  it('retries a dropped connection, then fails with hook_timeout_after_retry', async () => {
    let calls = 0;
    handler = (req) => {
      calls++;
      req.socket.destroy();
    };
    expect(await codeOf(postHook(url, [SECRET], {}, FAST))).toBe(
      'hook_timeout_after_retry: Failed to reach hook after maximum retries',
    );
    expect(calls).toBe(3);
  });

  it('retries at once a 429 that says when to, up to three attempts in all', async () => {
    let calls = 0;
    handler = (_req, _body, res) => {
      calls++;
      res.writeHead(429, { 'retry-after': '10' }).end();
    };
    expect(await codeOf(postHook(url, [SECRET], {}, FAST))).toBe(
      'unexpected_failure: Service currently unavailable due to hook',
    );
    expect(calls).toBe(3);
  });
});
