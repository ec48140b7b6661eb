// RPC as PostgREST resolves it: overloads told apart by argument names, one unnamed parameter
// that takes the whole body by its media type, PGRST202/203 in PostgREST's words, optional
// arguments left out (also repeatedly, on prepared statements), and counts in Content-Range.
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIVERS, type TestStack } from '../support/stack.ts';
import { rest, serviceClient, startRestStack } from './support.ts';

describe.each(DRIVERS)('functions on %s', (driver) => {
  let stack: TestStack;
  let db: SupabaseClient;
  beforeAll(async () => {
    stack = await startRestStack(driver);
    db = serviceClient(stack);
  });
  afterAll(() => stack?.close());

  const post = (fn: string, body: string | Uint8Array<ArrayBuffer>, contentType: string) =>
    rest(stack, `/rpc/${fn}`, { method: 'POST', body, headers: { 'Content-Type': contentType } });

  it('passes the whole JSON body to a single unnamed json or jsonb parameter', async () => {
    expect((await db.rpc('echo_jsonb', { any: [1, 'two'] })).data).toEqual({ any: [1, 'two'] });
    // An empty key names the unnamed parameter: it still gets the body, by position.
    expect((await db.rpc('echo_jsonb', { '': 5 })).data).toEqual({ '': 5 });
  });

  it('passes a text/plain body to a single unnamed text parameter and bytes to bytea', async () => {
    const text = await post('shout', 'quiet words', 'text/plain');
    expect(text.status).toBe(200);
    expect(await text.json()).toBe('QUIET WORDS');
    const bytes = await post(
      'byte_count',
      new Uint8Array([0, 1, 2, 255]),
      'application/octet-stream',
    );
    expect(await bytes.json()).toBe(4);
  });

  it('calls the one callable overload, even when others exist for types RPC cannot pass', async () => {
    const { data, error } = await db.rpc('poly', { '': 'x' });
    expect(error).toBeNull();
    expect(data).toBe('text: {"":"x"}');
  });

  it('chooses among overloads by argument names', async () => {
    expect((await db.rpc('pick')).data).toBe('none');
    expect((await db.rpc('pick', { b: 1 })).data).toBe('b integer');
    expect((await db.rpc('pick', { a: 1, c: 'x' })).data).toBe('a integer, c text');
    expect((await db.rpc('pick', { b: 2 }, { get: true })).data).toBe('b integer');
  });

  it('answers PGRST203 only when several overloads fit, listed in PostgREST’s order', async () => {
    const { error, status } = await db.rpc('pick', { a: 'x' });
    expect(status).toBe(300);
    expect(error).toEqual({
      code: 'PGRST203',
      message:
        'Could not choose the best candidate function between: public.pick(a => text), public.pick(a => integer, c => text)',
      details: null,
      hint: 'Try renaming the parameters or the function itself in the database so function overloading can be resolved',
    });
    const unnamed = await db.rpc('defaulted');
    expect(unnamed.error?.message).toBe(
      'Could not choose the best candidate function between: public.defaulted(), public.defaulted( => text)',
    );
    expect((await db.rpc('defaulted', { '': 'v' })).data).toBe('text: {"":"v"}');
  });

  it('answers PGRST203 where Postgres finds a call ambiguous among overloads RPC cannot call', async () => {
    const { error, status } = await db.rpc('twin');
    expect(status).toBe(300);
    expect(error).toMatchObject({ code: 'PGRST203', details: null });
    expect(error?.message).toContain('twin');
    expect((await db.rpc('twin', { a: 5 })).data).toBe(5);
  });

  it('never lets Postgres’ “function is not unique” (42725) reach the client', async () => {
    for (const args of [undefined, {}, { a: 'x' }, { '': 1 }]) {
      const { error } = await db.rpc('defaulted', args);
      expect(error?.code ?? 'ok').not.toBe('42725');
      expect(error?.code ?? 'ok').not.toBe('42601');
    }
  });

  it('answers PGRST202 with a hint only when a name is close, as PostgREST does', async () => {
    const close = await db.rpc('gret');
    expect(close.error).toMatchObject({
      code: 'PGRST202',
      hint: 'Perhaps you meant to call the function public.greet',
    });
    const far = await db.rpc('completely_different');
    expect(far.error).toMatchObject({ code: 'PGRST202', hint: null });
    const text = await post('no_such_fn', 'x', 'text/plain');
    expect(await text.json()).toEqual({
      code: 'PGRST202',
      message: 'Could not find the function public.no_such_fn in the schema cache',
      details:
        'Searched for the function public.no_such_fn with a single unnamed text parameter, but no matches were found in the schema cache.',
      hint: null,
    });
  });

  it('leaves an optional argument out, by GET and POST, again and again on the same connections', async () => {
    for (let round = 0; round < 3; round++) {
      expect((await db.rpc('greet', {}, { get: true })).data).toBe('hello world');
      expect((await db.rpc('greet', { name: 'Ann' }, { get: true })).data).toBe('hello Ann');
      expect((await db.rpc('greet')).data).toBe('hello world');
      expect((await db.rpc('greet', { name: 'Bob' })).data).toBe('hello Bob');
    }
  });

  it('counts results of calls in Content-Range: exact, planned and estimated', async () => {
    const scalar = await db.rpc('item_count', {}, { count: 'exact' });
    expect(scalar).toMatchObject({ data: 5, count: 1 });
    const head = await db.rpc('item_names', {}, { head: true, count: 'exact', get: true });
    expect(head).toMatchObject({ data: null, count: 5, error: null });
    const page = await db.rpc('items_above', { min: 0 }, { count: 'exact' }).range(0, 1);
    expect(page).toMatchObject({ count: 4, status: 206 });
    for (const count of ['planned', 'estimated'] as const) {
      const { count: n, error } = await db.rpc('item_names', {}, { count });
      expect(error).toBeNull();
      expect(typeof n).toBe('number');
    }
    const res = await rest(stack, '/rpc/item_count', { headers: { Prefer: 'count=exact' } });
    expect(res.headers.get('content-range')).toBe('0-0/1');
  });

  it('reads a character argument whole, from a body or the query string', async () => {
    expect((await db.rpc('code_length', { code: 'abcd' })).data).toBe(4);
    expect((await db.rpc('code_length', { code: 'abc' }, { get: true })).data).toBe(3);
  });
});
