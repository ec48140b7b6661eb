import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIVERS, type TestStack } from '../support/stack.ts';
import { makeUser, rest, serviceClient, startRestStack } from './support.ts';

describe.each(DRIVERS)('RPC on %s', (driver) => {
  let stack: TestStack;
  let db: SupabaseClient;
  beforeAll(async () => {
    stack = await startRestStack(driver);
    db = serviceClient(stack);
  });
  afterAll(() => stack?.close());

  it('calls a function with named arguments by POST and by GET', async () => {
    expect((await db.rpc('add', { a: 1, b: 2 })).data).toBe(3);
    expect((await db.rpc('add', { a: 4, b: 5 }, { get: true })).data).toBe(9);
    expect((await db.rpc('hello')).data).toBe('hello');
  });

  it('passes arrays to array parameters', async () => {
    expect((await db.rpc('sum_list', { vals: [1, 2, 3] })).data).toBe(6);
    expect((await db.rpc('sum_list', { vals: [4, 5] }, { get: true })).data).toBe(9);
  });

  it('filters, orders and limits set-returning functions like tables', async () => {
    const { data, count } = await db
      .rpc('items_above', { min: 0.5 }, { count: 'exact' })
      .select('name')
      .lt('price', 2)
      .order('name', { ascending: false })
      .limit(1);
    expect(data).toEqual([{ name: 'carrot' }]);
    expect(count).toBe(2);
  });

  it('returns a set of scalars as an array and a single composite as an object', async () => {
    expect((await db.rpc('item_names')).data).toEqual([
      'apple',
      'banana',
      'carrot',
      'daikon radish',
      'Eggplant',
    ]);
    expect((await db.rpc('first_item').select('name')).data).toEqual({ name: 'apple' });
  });

  it('passes a whole JSON body to a single unnamed json parameter', async () => {
    expect((await db.rpc('echo', { any: ['shape'] })).data).toEqual({ any: ['shape'] });
  });

  it('refuses a volatile function on GET (read-only transaction → 405) and runs it on POST (204 for void)', async () => {
    const get = await db.rpc('touch_item', { item_id: 1 }, { get: true });
    expect(get.status).toBe(405);
    expect(get.error?.code).toBe('25006');
    const post = await db.rpc('touch_item', { item_id: 1 });
    expect(post.status).toBe(204);
    expect((await db.from('items').select('note').eq('id', 1).single()).data).toEqual({
      note: 'touched',
    });
  });

  it('unknown functions are PGRST202 with PostgREST’s details', async () => {
    const { error, status } = await db.rpc('add', { a: 1, c: 2 });
    expect(status).toBe(404);
    expect(error).toMatchObject({
      code: 'PGRST202',
      message: 'Could not find the function public.add(a, c) in the schema cache',
      details:
        'Searched for the function public.add with parameters a, c or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.',
    });
  });

  it('RAISE maps to statuses: P0001 → 400, PT402 → 402, and response.status/headers GUCs apply', async () => {
    const plain = await db.rpc('raise_plain');
    expect(plain.status).toBe(400);
    expect(plain.error).toEqual({
      code: 'P0001',
      message: 'plain failure',
      details: 'some detail',
      hint: null,
    });
    const custom = await db.rpc('raise_payment');
    expect(custom.status).toBe(402);
    expect(custom.error).toEqual({
      code: 'PT402',
      message: 'Payment Required',
      details: 'Quota exceeded',
      hint: 'Upgrade your plan',
    });
    const res = await rest(stack, '/rpc/set_status', {
      method: 'POST',
      body: '{}',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(res.status).toBe(202);
    expect(res.headers.get('x-custom')).toBe('yes');
  });

  it('lets response.headers replace a header in any case, and refuses one no response can carry', async () => {
    const call = (headers: unknown) =>
      rest(stack, '/rpc/with_headers', {
        method: 'POST',
        body: JSON.stringify({ headers: JSON.stringify(headers) }),
        headers: { 'Content-Type': 'application/json' },
      });
    const replaced = await call([{ 'content-type': 'text/plain' }, { 'X-Trace': 'a' }]);
    expect(replaced.status).toBe(200);
    expect(replaced.headers.get('content-type')).toBe('text/plain');
    expect(replaced.headers.get('x-trace')).toBe('a');
    expect(await replaced.json()).toEqual({ ok: true });
    for (const bad of [[{ 'bad name': 'x' }], [{ 'X-Split': 'a\r\nSet-Cookie: b=1' }]]) {
      const refused = await call(bad);
      expect(refused.status).toBe(500);
      expect(refused.headers.get('set-cookie')).toBeNull();
      expect(await refused.json()).toMatchObject({ code: 'PGRST111' });
    }
  });

  it('runs as the caller with request.method and request.path set', async () => {
    const user = await makeUser(stack);
    const { data } = await user.client.rpc('whoami');
    expect(data).toEqual({
      role: 'authenticated',
      sub: user.id,
      method: 'POST',
      path: '/rest/v1/rpc/whoami',
    });
  });

  it('HEAD on a function returns no body', async () => {
    const { data, error, status } = await db.rpc('item_names', {}, { head: true, count: 'exact' });
    expect(error).toBeNull();
    expect(status).toBe(200);
    expect(data).toBeNull();
  });
});
