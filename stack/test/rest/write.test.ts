import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIVERS, type TestStack } from '../support/stack.ts';
import { rest, serviceClient, startRestStack } from './support.ts';

describe.each(DRIVERS)('writes on %s', (driver) => {
  let stack: TestStack;
  let db: SupabaseClient;
  const srv = (path: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    headers.set('Authorization', `Bearer ${stack.keys.serviceRoleKey}`);
    headers.set('Content-Type', 'application/json');
    return rest(stack, path, { ...init, headers });
  };
  beforeAll(async () => {
    stack = await startRestStack(driver);
    db = serviceClient(stack);
  });
  afterAll(() => stack?.close());

  it('inserts one row and returns it with select()', async () => {
    const { data, status, error } = await db
      .from('clients')
      .insert({ id: 10, name: 'Umbrella' })
      .select()
      .single();
    expect(error).toBeNull();
    expect(status).toBe(201);
    expect(data).toEqual({ id: 10, name: 'Umbrella' });
  });

  it('bulk inserts with columns= and fills missing keys with defaults (defaultToNull: false)', async () => {
    const { data, error } = await db
      .from('items')
      .insert([{ name: 'w1', note: 'given' }, { name: 'w2' }], { defaultToNull: false })
      .select('name, note, tags');
    expect(error).toBeNull();
    expect(data).toEqual([
      { name: 'w1', note: 'given', tags: [] },
      { name: 'w2', note: 'none', tags: [] },
    ]);
    const nulls = await db
      .from('items')
      .insert([{ name: 'w3', note: 'x' }, { name: 'w4' }])
      .select('name, note');
    expect(nulls.data).toEqual([
      { name: 'w3', note: 'x' },
      { name: 'w4', note: null },
    ]);
  });

  it('missing=default fills identity columns from their sequence and leaves generated ones to Postgres', async () => {
    const { data, error } = await db
      .from('tickets')
      .insert(
        [
          { id: 100, title: 'first' },
          { title: 'second', status: 'closed' },
        ],
        {
          defaultToNull: false,
        },
      )
      .select('id, code, title, title_length, status')
      .order('title');
    expect(error).toBeNull();
    expect(data).toEqual([
      { id: 100, code: 1, title: 'first', title_length: 5, status: 'open' },
      // The defaults are computed for every row, as PostgREST computes them: the identity
      // sequence advanced for the first row too.
      { id: 2, code: 2, title: 'second', title_length: 6, status: 'closed' },
    ]);
  });

  it('return=minimal, headers-only (Location) and Preference-Applied', async () => {
    const minimal = await srv('/clients', {
      method: 'POST',
      body: JSON.stringify({ id: 11, name: 'M' }),
      headers: { Prefer: 'return=minimal' },
    });
    expect(minimal.status).toBe(201);
    expect(await minimal.text()).toBe('');
    expect(minimal.headers.get('preference-applied')).toBe('return=minimal');
    const headersOnly = await srv('/clients', {
      method: 'POST',
      body: JSON.stringify({ id: 12, name: 'H' }),
      headers: { Prefer: 'return=headers-only' },
    });
    expect(headersOnly.status).toBe(201);
    expect(headersOnly.headers.get('location')).toBe('/clients?id=eq.12');
    expect(headersOnly.headers.get('content-range')).toBe('*/*');
  });

  it('upserts with merge-duplicates on the primary key and on on_conflict', async () => {
    const first = await db
      .from('settings')
      .upsert({ key: 'theme', value: 'dark' }, { onConflict: 'key' })
      .select('key, value');
    expect(first.status).toBe(201);
    const second = await db
      .from('settings')
      .upsert({ key: 'theme', value: 'light' }, { onConflict: 'key' })
      .select('key, value');
    expect(second.status).toBe(200);
    expect(second.data).toEqual([{ key: 'theme', value: 'light' }]);
    const pk = await db.from('clients').upsert({ id: 1, name: 'Acme Corp' }).select();
    expect(pk.data).toEqual([{ id: 1, name: 'Acme Corp' }]);
  });

  it('ignore-duplicates leaves existing rows alone', async () => {
    const { data } = await db
      .from('settings')
      .upsert(
        [
          { key: 'theme', value: 'ignored' },
          { key: 'lang', value: 'fr' },
        ],
        { onConflict: 'key', ignoreDuplicates: true },
      )
      .select('key, value');
    expect(data).toEqual([{ key: 'lang', value: 'fr' }]);
    const theme = await db.from('settings').select('value').eq('key', 'theme').single();
    expect(theme.data).toEqual({ value: 'light' });
  });

  it('updates with filters, returning the changed rows and an exact count', async () => {
    const { data, count, status } = await db
      .from('items')
      .update({ qty: 42 }, { count: 'exact' })
      .in('name', ['w1', 'w2'])
      .select('name, qty');
    expect(status).toBe(200);
    expect(count).toBe(2);
    expect(data).toEqual([
      { name: 'w1', qty: 42 },
      { name: 'w2', qty: 42 },
    ]);
    const none = await db.from('items').update({ qty: 1 }).eq('name', 'nobody');
    expect(none.status).toBe(204);
  });

  it('deletes with filters', async () => {
    const { data, status } = await db
      .from('items')
      .delete()
      .like('name', 'w*')
      .select('name')
      .order('name');
    expect(status).toBe(200);
    expect(data?.map((r) => r.name)).toEqual(['w1', 'w2', 'w3', 'w4']);
  });

  it('PUT upserts one row by its primary key', async () => {
    const res = await srv('/clients?id=eq.20', {
      method: 'PUT',
      body: JSON.stringify({ id: 20, name: 'Put' }),
      headers: { Prefer: 'return=representation' },
    });
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual([{ id: 20, name: 'Put' }]);
    const again = await srv('/clients?id=eq.20', {
      method: 'PUT',
      body: JSON.stringify({ id: 20, name: 'Put 2' }),
      headers: { Prefer: 'return=representation' },
    });
    expect(again.status).toBe(200);
    const mismatch = await srv('/clients?id=eq.21', {
      method: 'PUT',
      body: JSON.stringify({ id: 22, name: 'x' }),
    });
    expect(mismatch.status).toBe(400);
    expect((await mismatch.json()).code).toBe('PGRST115');
  });

  it('max-affected with handling=strict refuses and rolls back', async () => {
    const res = await srv('/items?category=eq.fruit', {
      method: 'DELETE',
      headers: { Prefer: 'handling=strict, max-affected=1' },
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      code: 'PGRST124',
      message: 'Query result exceeds max-affected preference constraint',
      details: 'The query affects 2 rows',
      hint: null,
    });
    const { count } = await db
      .from('items')
      .select('*', { count: 'exact', head: true })
      .eq('category', 'fruit');
    expect(count).toBe(2);
  });

  it('tx=rollback answers as if committed but keeps nothing', async () => {
    const res = await srv('/clients', {
      method: 'POST',
      body: JSON.stringify({ id: 30, name: 'Ghost' }),
      headers: { Prefer: 'return=representation, tx=rollback' },
    });
    expect(res.status).toBe(201);
    expect(res.headers.get('preference-applied')).toBe('return=representation, tx=rollback');
    expect(await res.json()).toEqual([{ id: 30, name: 'Ghost' }]);
    const { data } = await db.from('clients').select('id').eq('id', 30);
    expect(data).toEqual([]);
  });

  it('single() on a write that touches several rows is PGRST116 and rolls back', async () => {
    const { error, status } = await db
      .from('tasks')
      .update({ name: 'Same' })
      .gt('id', 0)
      .select()
      .single();
    expect(status).toBe(406);
    expect(error).toMatchObject({ code: 'PGRST116', details: 'The result contains 4 rows' });
    const { data } = await db.from('tasks').select('name').eq('id', 1).single();
    expect(data).toEqual({ name: 'Design' });
  });

  it('maps constraint errors: 23505 and 23503 to 409, 23502 to 400, unknown columns to PGRST204', async () => {
    const dup = await db.from('clients').insert({ id: 2, name: 'dup' });
    expect(dup.status).toBe(409);
    expect(dup.error).toMatchObject({ code: '23505', details: 'Key (id)=(2) already exists.' });
    const fk = await db.from('projects').insert({ id: 99, name: 'x', client_id: 999 });
    expect(fk.status).toBe(409);
    expect(fk.error?.code).toBe('23503');
    const notNull = await db.from('clients').insert({ id: 98 });
    expect(notNull.status).toBe(400);
    expect(notNull.error?.code).toBe('23502');
    const col = await db.from('clients').insert({ id: 97, nope: 1 });
    expect(col.status).toBe(400);
    expect(col.error).toEqual({
      code: 'PGRST204',
      message: "Could not find the 'nope' column of 'clients' in the schema cache",
      details: null,
      hint: null,
    });
  });

  it('invalid JSON is PGRST102', async () => {
    const res = await srv('/clients', { method: 'POST', body: '{nope' });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 'PGRST102' });
  });

  it('PATCH with order and limit changes only the first rows', async () => {
    const res = await srv('/family?order=id.desc&limit=2&select=name', {
      method: 'PATCH',
      body: JSON.stringify({ name: 'renamed' }),
      headers: { Prefer: 'return=representation, tx=rollback' },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual([{ name: 'renamed' }, { name: 'renamed' }]);
  });

  it('inserts a CSV body', async () => {
    const res = await rest(stack, '/clients?select=id,name', {
      method: 'POST',
      token: stack.keys.serviceRoleKey,
      body: 'id,name\n40,"Comma, Inc"\n41,Plain',
      headers: { 'Content-Type': 'text/csv', Prefer: 'return=representation' },
    });
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual([
      { id: 40, name: 'Comma, Inc' },
      { id: 41, name: 'Plain' },
    ]);
  });

  it('an empty array inserts nothing and an empty object one row of defaults', async () => {
    const none = await srv('/family?select=id', {
      method: 'POST',
      body: '[]',
      headers: { Prefer: 'return=representation' },
    });
    expect(none.status).toBe(201);
    expect(await none.json()).toEqual([]);
    const defaults = await srv('/items?select=note', {
      method: 'POST',
      body: '[{},{}]',
      headers: { Prefer: 'return=representation, tx=rollback' },
    });
    expect(defaults.status).toBe(400);
    expect((await defaults.json()).code).toBe('23502');
  });

  it('returns embedded resources in the representation of a write', async () => {
    const { data } = await db
      .from('projects')
      .insert({ id: 77, name: 'new', client_id: 2 })
      .select('name, clients(name)')
      .single();
    expect(data).toEqual({ name: 'new', clients: { name: 'Globex' } });
  });

  it('a path with too many segments is PGRST125', async () => {
    const res = await srv('/a/b/c');
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({
      code: 'PGRST125',
      message: 'Invalid path specified in request URL',
      details: null,
      hint: null,
    });
  });

  it('writes to another exposed schema with Content-Profile', async () => {
    const { data, error, status } = await db
      .schema('other')
      .from('things')
      .insert({ id: 2, name: 'second' })
      .select();
    expect(error).toBeNull();
    expect(status).toBe(201);
    expect(data).toEqual([{ id: 2, name: 'second' }]);
  });
});
