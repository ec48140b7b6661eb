import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { ServiceEnv } from '../context/context.ts';
import { gateway, type Gate } from './gate.ts';

/** A gate that marks every answer made inside it, and refuses when the request asks it to. */
function marking(name: string, seen: string[]): Gate {
  return {
    before(c) {
      seen.push(`${name} before`);
      if (c.req.query('refuse') === name)
        return new Response(`refused by ${name}`, { status: 403 });
      if (c.req.query('later') === name)
        return Promise.resolve(new Response(`later by ${name}`, { status: 401 }));
      return undefined;
    },
    after(_c, res) {
      seen.push(`${name} after`);
      res.headers.append('x-through', name);
      return res;
    },
  };
}

function app(seen: string[]) {
  const hono = new Hono<ServiceEnv>();
  hono.use('*', gateway([marking('outer', seen), marking('inner', seen)]));
  hono.get('/', () => {
    seen.push('service');
    return new Response('ok');
  });
  return hono;
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
});
