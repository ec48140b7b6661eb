import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIVERS, type TestStack } from '../support/stack.ts';
import { anonClient, makeUser, startRestStack, type TestUser } from './support.ts';

describe.each(DRIVERS)('row-level security through /rest/v1 on %s', (driver) => {
  let stack: TestStack;
  let ann: TestUser;
  let bob: TestUser;
  beforeAll(async () => {
    stack = await startRestStack(driver);
    ann = await makeUser(stack);
    bob = await makeUser(stack);
  });
  afterAll(() => stack?.close());

  it('lets a user insert and read back their own row', async () => {
    const { data, error, status } = await ann.client
      .from('notes')
      .insert({ body: 'ann note' })
      .select('id, body, user_id')
      .single();
    expect(error).toBeNull();
    expect(status).toBe(201);
    expect(data).toMatchObject({ body: 'ann note', user_id: ann.id });
    const read = await ann.client.from('notes').select('body').eq('user_id', ann.id);
    expect(read.data).toEqual([{ body: 'ann note' }]);
  });

  it('hides one user’s rows from another', async () => {
    await ann.client.from('notes').insert({ body: 'private' });
    const { data, error } = await bob.client.from('notes').select('*');
    expect(error).toBeNull();
    expect(data).toEqual([]);
  });

  it('refuses to write a row owned by someone else, in PostgREST’s error shape', async () => {
    const { error, status } = await bob.client
      .from('notes')
      .insert({ body: 'forged', user_id: ann.id });
    expect(status).toBe(403);
    expect(error).toMatchObject({
      code: '42501',
      message: 'new row violates row-level security policy for table "notes"',
      details: null,
      hint: null,
    });
    const { data } = await bob.client
      .from('notes')
      .update({ body: 'hijack' })
      .eq('user_id', ann.id)
      .select();
    expect(data).toEqual([]);
  });

  it('answers 401 for anon writes the role may not do', async () => {
    const { error, status } = await anonClient(stack).from('secrets').select('*');
    expect(status).toBe(401);
    expect(error).toMatchObject({ code: '42501', message: 'permission denied for table secrets' });
  });

  it('insert with return=minimal answers 201 with no body', async () => {
    const res = await ann.client.from('notes').insert({ body: 'minimal' });
    expect(res.status).toBe(201);
    expect(res.data).toBeNull();
    expect(res.error).toBeNull();
  });

  it('rejects an expired JWT with PGRST303 and WWW-Authenticate', async () => {
    const expired = await makeUser(stack, { exp: Math.floor(Date.now() / 1000) - 10 });
    const res = await fetch(`${stack.url}/rest/v1/notes`, {
      headers: { apikey: stack.keys.anonKey, Authorization: `Bearer ${expired.token}` },
    });
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toBe(
      'Bearer error="invalid_token", error_description="JWT expired"',
    );
    expect(await res.json()).toEqual({
      code: 'PGRST303',
      message: 'JWT expired',
      details: null,
      hint: null,
    });
  });
});
