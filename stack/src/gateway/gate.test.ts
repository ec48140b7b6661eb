import { describe, expect, it } from 'vitest';
import { open, route, routeTable } from '../context/route.ts';
import { createLogger } from '../lib/log.ts';
import { frontDoor } from './front-door.ts';
import { throughGates, type Gate } from './gate.ts';

/** A gate that marks every answer made inside it, and refuses when the request asks it to. */
function marking(name: string, seen: string[]): Gate {
  return {
    before(incoming) {
      seen.push(`${name} before`);
      const query = incoming.url().searchParams;
      if (query.get('refuse') === name) return new Response(`refused by ${name}`, { status: 403 });
      if (query.get('later') === name)
        return Promise.resolve(new Response(`later by ${name}`, { status: 401 }));
      return undefined;
    },
    after(_incoming, res) {
      seen.push(`${name} after`);
      res.headers.append('x-through', name);
      return res;
    },
  };
}

function app(seen: string[]) {
  const service = () => {
    seen.push('service');
    return new Response('ok');
  };
  const broken = () => {
    throw new Error('broken');
  };
  const routes = routeTable(
    undefined,
    [route('GET', '/', open, service), route('GET', '/broken', open, broken)],
    (never) => never,
  );
  return frontDoor(
    [{ prefix: '', gates: [marking('outer', seen), marking('inner', seen)], routes }],
    createLogger(true),
  );
}

describe('gateway gates', () => {
  it('run before the service in order and after it in reverse', async () => {
    const seen: string[] = [];
    const res = await app(seen).request('/');
    expect(await res.text()).toBe('ok');
    expect(res.headers.get('x-through')).toBe('inner, outer');
    expect(seen).toEqual(['outer before', 'inner before', 'service', 'inner after', 'outer after']);
  });

  it('give a refusal only the afters of the gates before it', async () => {
    const seen: string[] = [];
    const res = await app(seen).request('/?refuse=inner');
    expect(res.status).toBe(403);
    expect(await res.text()).toBe('refused by inner');
    expect(res.headers.get('x-through')).toBe('outer');
    expect(seen).toEqual(['outer before', 'inner before', 'outer after']);
  });

  it('answer with the first gate’s refusal untouched, and wait for one that comes later', async () => {
    const first: string[] = [];
    const refused = await app(first).request('/?refuse=outer');
    expect(refused.status).toBe(403);
    expect(refused.headers.get('x-through')).toBeNull();
    expect(first).toEqual(['outer before']);
    const later: string[] = [];
    const res = await app(later).request('/?later=inner');
    expect(res.status).toBe(401);
    expect(res.headers.get('x-through')).toBe('outer');
  });

  it('see the gateway’s own answers: a path no route takes, and a service that broke', async () => {
    const seen: string[] = [];
    const missing = await app(seen).request('/nowhere');
    expect([missing.status, await missing.json()]).toEqual([
      404,
      { message: 'no Route matched with those values' },
    ]);
    expect(missing.headers.get('x-through')).toBe('inner, outer');
    const broken = await app(seen).request('/broken');
    expect([broken.status, await broken.json()]).toEqual([
      500,
      { message: 'An unexpected error occurred' },
    ]);
    expect(broken.headers.get('x-through')).toBe('inner, outer');
  });

  it('answer at once when every gate and the service have their answer', () => {
    const incoming = { url: () => new URL('http://x/') } as Parameters<typeof throughGates>[1];
    const res = throughGates([marking('only', [])], incoming, () => new Response('now'));
    expect(res).toBeInstanceOf(Response);
  });
});

describe('the front door', () => {
  const routes = (name: string) =>
    routeTable(undefined, [route('ALL', '/*', open, () => new Response(name))], (never) => never);
  const door = frontDoor(
    [
      { prefix: '/auth/v1/test-idp', gates: [], routes: routes('idp') },
      { prefix: '/auth/v1', gates: [], routes: routes('auth') },
    ],
    createLogger(true),
  );
  const text = async (path: string, init?: RequestInit) => {
    const res = await door.request(path, init);
    return `${res.status} ${await res.text()}`;
  };

  it('hands a path to the first mount it is under, and answers 404 for the rest', async () => {
    expect(await text('/auth/v1/test-idp/google/auth')).toBe('200 idp');
    expect(await text('/auth/v1/token')).toBe('200 auth');
    expect(await text('/auth/v1')).toBe('200 auth');
    expect(await text('/auth/v1x')).toBe('404 {"message":"no Route matched with those values"}');
    expect(await text('/')).toBe('404 {"message":"no Route matched with those values"}');
  });

  it('answers a HEAD as the GET, without its body', async () => {
    expect(await text('/auth/v1/token', { method: 'HEAD' })).toBe('200 ');
  });
});
