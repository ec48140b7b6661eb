import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { ServiceEnv } from './context.ts';
import { mountRoutes, open, route, type Guard } from './route.ts';

const keyed: Guard<{ key: string }, string, 'missing' | 'wrong'> = {
  name: 'x-key header',
  check({ key }, request) {
    const sent = request.headers.get('x-key');
    if (!sent) return { ok: false, failure: 'missing' };
    return sent === key ? { ok: true, value: sent } : { ok: false, failure: 'wrong' };
  },
};

const ROUTES = [
  route({
    method: 'GET',
    path: '/items/:id/parts/:part',
    guard: keyed,
    handler: (_deps, { params, access }) => Response.json({ ...params, access }),
  }),
  route({ method: 'GET', path: '/ping', guard: open, handler: () => new Response('pong') }),
];

function app() {
  const hono = new Hono<ServiceEnv>();
  mountRoutes(hono, { key: 'k' }, ROUTES, (failure) =>
    Response.json({ failure }, { status: failure === 'missing' ? 401 : 403 }),
  );
  return hono;
}

describe('the route shape', () => {
  it('runs the guard, then the handler with typed params and what the guard resolved', async () => {
    const res = await app().request('/items/a%20b/parts/2', { headers: { 'x-key': 'k' } });
    expect(await res.json()).toEqual({ id: 'a b', part: '2', access: 'k' });
  });

  it("answers a guard's failure with the service's toResponse, without the handler", async () => {
    const missing = await app().request('/items/1/parts/2');
    expect([missing.status, await missing.json()]).toEqual([401, { failure: 'missing' }]);
    const wrong = await app().request('/items/1/parts/2', { headers: { 'x-key': 'no' } });
    expect([wrong.status, await wrong.json()]).toEqual([403, { failure: 'wrong' }]);
  });

  it('lets every request through an open guard, and names each guard', async () => {
    expect(await (await app().request('/ping')).text()).toBe('pong');
    expect(ROUTES.map((r) => r.guard)).toEqual(['x-key header', 'open']);
  });
});
