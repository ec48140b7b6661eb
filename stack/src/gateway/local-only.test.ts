import { describe, expect, it } from 'vitest';
import { open, route, routeTable } from '../context/route.ts';
import { createLogger } from '../lib/log.ts';
import { frontDoor } from './front-door.ts';
import { localOnly } from './local-only.ts';

function app() {
  const inbox = route('GET', '/', open, () => Response.json({ messages: [] }));
  return frontDoor(
    [
      {
        prefix: '/inbox',
        gates: [localOnly({ apiUrl: 'http://dev-box.lan:54321' })],
        routes: routeTable(undefined, [inbox], (never) => never),
      },
    ],
    createLogger(true),
  );
}

const get = (headers: Record<string, string>) =>
  app().request('http://x/inbox', { headers: { host: '127.0.0.1:54321', ...headers } });

describe('local-only guard', () => {
  it('serves loopback hosts, IP literals and the stack’s own host name', async () => {
    for (const host of [
      '127.0.0.1:54321',
      'localhost:54321',
      '[::1]:54321',
      '192.168.1.9',
      'dev-box.lan:54321',
    ])
      expect((await get({ host })).status).toBe(200);
  });

  it('refuses a host name that is not the stack’s (DNS rebinding)', async () => {
    const res = await get({ host: 'attacker.example:54321' });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ message: 'The inbox is only served to this machine' });
  });

  it('refuses requests a browser sends on behalf of another site', async () => {
    expect((await get({ 'sec-fetch-site': 'cross-site' })).status).toBe(403);
    expect((await get({ 'sec-fetch-site': 'same-origin' })).status).toBe(200);
  });

  it('adds no CORS headers', async () => {
    const res = await get({ origin: 'https://evil.example' });
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
  });
});
