// The gateway decides who the client is, and a client cannot choose: X-Forwarded-For counts only
// behind a trusted proxy. The inbox (sign-in codes and links) is for this machine's tools only.
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../support/stack.ts';

const LIMITS = '[auth.rate_limit]\ntoken_refresh = 5\n';

async function passwordSignIn(stack: TestStack, forwardedFor: string): Promise<number> {
  const res = await fetch(`${stack.url}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: {
      apikey: stack.keys.anonKey,
      'content-type': 'application/json',
      'x-forwarded-for': forwardedFor,
    },
    body: JSON.stringify({ email: 'nobody@example.com', password: 'wrong-password' }),
  });
  await res.body?.cancel();
  return res.status;
}

/** A raw HTTP GET, so the Host header can be anything (fetch always sends the URL's host). */
function get(url: string, headers: Record<string, string>) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders }>((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers }));
      })
      .on('error', reject);
  });
}

describe('client address without a trusted proxy', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack({ driver: 'pglite', config: LIMITS });
  });
  afterAll(() => stack?.close());

  it('cannot bypass a rate limit by sending a new X-Forwarded-For each time', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) statuses.push(await passwordSignIn(stack, `198.51.100.${i + 1}`));
    expect(statuses.slice(0, 5)).toEqual([400, 400, 400, 400, 400]);
    expect(statuses.slice(5)).toEqual([429, 429, 429]);
  });

  it('serves the inbox without CORS, to no other site', async () => {
    const res = await fetch(`${stack.url}/inbox/api/messages`, {
      headers: { origin: 'https://evil.example' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
    expect(res.headers.get('access-control-allow-credentials')).toBeNull();
    const preflight = await fetch(`${stack.url}/inbox/api/messages`, {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'DELETE' },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    const crossSite = await fetch(`${stack.url}/inbox/api/messages`, {
      method: 'DELETE',
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(crossSite.status).toBe(403);
  });

  it('refuses the inbox to a Host that is not this machine (DNS rebinding)', async () => {
    const port = new URL(stack.url).port;
    const rebound = await get(`${stack.url}/inbox/api/messages`, {
      host: `attacker.example:${port}`,
    });
    expect(rebound.status).toBe(403);
    const local = await get(`${stack.url}/inbox/api/messages`, { host: `localhost:${port}` });
    expect(local.status).toBe(200);
  });

  it('answers the APIs with Allow-Origin * and never credentials', async () => {
    for (const path of ['/rest/v1/', '/auth/v1/settings', '/storage/v1/bucket']) {
      const res = await fetch(`${stack.url}${path}`, {
        headers: { origin: 'https://evil.example', apikey: stack.keys.anonKey },
      });
      await res.body?.cancel();
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
      expect(res.headers.get('access-control-allow-credentials')).toBeNull();
    }
  });
});

describe('client address behind a trusted proxy', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack({
      driver: 'pglite',
      config: LIMITS,
      trustedProxies: ['127.0.0.1', '::1'],
    });
  });
  afterAll(() => stack?.close());

  it('counts each forwarded client on its own', async () => {
    for (let i = 0; i < 5; i++) expect(await passwordSignIn(stack, '198.51.100.1')).toBe(400);
    expect(await passwordSignIn(stack, '198.51.100.1')).toBe(429);
    expect(await passwordSignIn(stack, '198.51.100.2')).toBe(400);
  });

  it('ignores hops a client wrote in front of the proxy’s own entry', async () => {
    // The proxy appends the address it saw; the spoofed hops on the left change nothing.
    expect(await passwordSignIn(stack, '203.0.113.9, 198.51.100.1')).toBe(429);
  });
});
