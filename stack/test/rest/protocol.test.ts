import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIVERS, type TestStack } from '../support/stack.ts';
import { anonClient, rest, serviceClient, startRestStack } from './support.ts';

describe.each(DRIVERS)('media types, profiles, metadata and errors on %s', (driver) => {
  let stack: TestStack;
  let db: SupabaseClient;
  beforeAll(async () => {
    stack = await startRestStack(driver);
    db = serviceClient(stack);
  });
  afterAll(() => stack?.close());

  it('single() answers one object, maybeSingle() null for none, PGRST116 for many', async () => {
    const one = await db.from('items').select('name').eq('id', 1).single();
    expect(one.data).toEqual({ name: 'apple' });
    const none = await db.from('items').select('name').eq('id', 999).maybeSingle();
    expect(none).toMatchObject({ data: null, error: null });
    const many = await db.from('items').select('name').single();
    expect(many.status).toBe(406);
    expect(many.error).toEqual({
      code: 'PGRST116',
      message: 'Cannot coerce the result to a single JSON object',
      details: 'The result contains 5 rows',
      hint: null,
    });
    const res = await rest(stack, '/items?id=eq.1&select=name', {
      headers: { Accept: 'application/vnd.pgrst.object+json' },
    });
    expect(res.headers.get('content-type')).toBe(
      'application/vnd.pgrst.object+json; charset=utf-8',
    );
  });

  it('csv() answers text/csv with a header row', async () => {
    const { data } = await db.from('items').select('id, name').order('id').limit(2).csv();
    expect(data).toBe('id,name\n1,apple\n2,banana');
  });

  it('an unavailable media type is PGRST107 (406)', async () => {
    const res = await rest(stack, '/items', { headers: { Accept: 'application/xml' } });
    expect(res.status).toBe(406);
    expect(await res.json()).toMatchObject({
      code: 'PGRST107',
      message: 'None of these media types are available: application/xml',
    });
  });

  it('an execution plan is PGRST107 (406) while pgrst.db_plan_enabled is off, as PostgREST’s default', async () => {
    const { error, status } = await db.from('items').select('name').explain({ format: 'json' });
    expect(status).toBe(406);
    expect(error).toMatchObject({
      code: 'PGRST107',
      message:
        'None of these media types are available: application/vnd.pgrst.plan+json; for="application/json"',
    });
  });

  it('reads another exposed schema with Accept-Profile and echoes Content-Profile', async () => {
    const { data, error } = await db.schema('other').from('things').select('name');
    expect(error).toBeNull();
    expect(data).toEqual([{ name: 'other thing' }]);
    const res = await rest(stack, '/things', { headers: { 'Accept-Profile': 'other' } });
    expect(res.headers.get('content-profile')).toBe('other');
    const byDefault = await rest(stack, '/items?select=id&limit=1');
    expect(byDefault.headers.get('content-profile')).toBe('public');
    const bad = await rest(stack, '/things', { headers: { 'Accept-Profile': 'secret' } });
    expect(bad.status).toBe(406);
    expect(await bad.json()).toEqual({
      code: 'PGRST106',
      message: 'Invalid schema: secret',
      details: null,
      hint: 'Only the following schemas are exposed: public, other',
    });
  });

  it('HEAD answers headers only, with the count', async () => {
    const res = await rest(stack, '/items', { method: 'HEAD', headers: { Prefer: 'count=exact' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-range')).toBe('0-4/5');
    expect(await res.text()).toBe('');
  });

  it('OPTIONS on a table answers Allow, while a browser preflight gets CORS', async () => {
    const res = await rest(stack, '/items', { method: 'OPTIONS' });
    expect(res.status).toBe(200);
    expect(res.headers.get('allow')).toBe('OPTIONS,GET,HEAD,POST,PUT,PATCH,DELETE');
    const preflight = await fetch(`${stack.url}/rest/v1/items`, {
      method: 'OPTIONS',
      headers: { origin: 'http://localhost:5173', 'access-control-request-method': 'PATCH' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('serves the OpenAPI description at the root', async () => {
    const res = await rest(stack, '/');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/openapi+json');
    const doc = await res.json();
    expect(doc.swagger).toBe('2.0');
    expect(doc.paths['/items']).toBeDefined();
    expect(doc.paths['/rpc/add']).toBeDefined();
    expect(doc.definitions.clients.properties.name).toMatchObject({
      type: 'string',
      format: 'text',
    });
  });

  it('unknown tables are PGRST205 with a suggestion', async () => {
    const { error, status } = await db.from('item').select();
    expect(status).toBe(404);
    expect(error).toEqual({
      code: 'PGRST205',
      message: "Could not find the table 'public.item' in the schema cache",
      details: null,
      hint: "Perhaps you meant the table 'public.items'",
    });
  });

  it('unknown columns are Postgres 42703 (400)', async () => {
    const { error, status } = await db.from('items').select('nope');
    expect(status).toBe(400);
    expect(error).toMatchObject({ code: '42703', message: 'column items.nope does not exist' });
  });

  it('a select that does not parse is PGRST100', async () => {
    const res = await rest(stack, '/items?select=name,clients(');
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.code).toBe('PGRST100');
    expect(body.message).toMatch(
      /^"failed to parse select parameter \(name,clients\(\)" \(line 1, column \d+\)$/,
    );
  });

  it('an embed without a relationship is PGRST200, with the closest table as PostgREST ranks it', async () => {
    const { error, status } = await db.from('items').select('name, clients(name)');
    expect(status).toBe(400);
    expect(error).toEqual({
      code: 'PGRST200',
      message: "Could not find a relationship between 'items' and 'clients' in the schema cache",
      details:
        "Searched for a foreign key relationship between 'items' and 'clients' in the schema 'public', but no matches were found.",
      // items has no relationships: the hint names the closest table that has (fuzzyset ranking).
      hint: "Perhaps you meant 'capitals' instead of 'items'.",
    });
  });

  it('filtering on a resource that is not embedded is PGRST108', async () => {
    const res = await rest(stack, '/clients?select=name&projects.name=eq.x');
    expect(res.status).toBe(400);
    expect((await res.json()).code).toBe('PGRST108');
  });

  it('a malformed JWT is PGRST301 with WWW-Authenticate', async () => {
    const res = await rest(stack, '/items', { token: 'a.b' });
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toContain('invalid_token');
    expect(await res.json()).toEqual({
      code: 'PGRST301',
      message: 'Expected 3 parts in JWT; got 2',
      details: null,
      hint: null,
    });
  });

  it('a bad token is answered before a request that does not parse, as in PostgREST', async () => {
    const badToken = await rest(stack, '/items?id=bogus', { token: 'a.b' });
    expect([badToken.status, (await badToken.json()).code]).toEqual([401, 'PGRST301']);
    const noToken = await rest(stack, '/items?id=bogus');
    expect([noToken.status, (await noToken.json()).code]).toEqual([400, 'PGRST100']);
  });

  it('a method REST does not take is PGRST117 (405), any method', async () => {
    for (const method of ['PURGE', 'PROPFIND']) {
      const res = await rest(stack, '/items', { method });
      expect(res.status).toBe(405);
      expect(await res.json()).toMatchObject({
        code: 'PGRST117',
        message: `Unsupported HTTP method: ${method}`,
      });
    }
  });

  it('handling=strict refuses unknown preferences with PGRST122', async () => {
    const res = await rest(stack, '/items', { headers: { Prefer: 'handling=strict, bogus=1' } });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      code: 'PGRST122',
      message: 'Invalid preferences given with handling=strict',
      details: 'Invalid preferences: bogus=1',
      hint: null,
    });
  });

  it('unsupported methods on RPC are PGRST101', async () => {
    const res = await rest(stack, '/rpc/add', { method: 'PATCH' });
    expect(res.status).toBe(405);
    expect(await res.json()).toMatchObject({
      code: 'PGRST101',
      message: 'Cannot use the PATCH method on RPC',
    });
  });

  it('stripNulls() leaves null values out (nulls=stripped)', async () => {
    const { data } = await db.from('items').select('name, category').eq('id', 4).stripNulls();
    expect(data).toEqual([{ name: 'daikon radish' }]);
    const one = await db.from('items').select('name, category').eq('id', 4).single().stripNulls();
    expect(one.data).toEqual({ name: 'daikon radish' });
  });

  it('Prefer: timezone sets the time zone of the transaction', async () => {
    const res = await rest(stack, '/items?select=created_at&id=eq.1', {
      headers: { Prefer: 'timezone=Asia/Tokyo' },
    });
    expect(res.headers.get('preference-applied')).toBe('timezone=Asia/Tokyo');
    expect((await res.json())[0].created_at).toMatch(/\+09:00$/);
    const bad = await rest(stack, '/items?select=id&id=eq.1', {
      headers: { Prefer: 'timezone=Nowhere/Void' },
    });
    expect(bad.status).toBe(200);
    expect(bad.headers.get('preference-applied')).toBeNull();
  });

  it('picks up new tables after NOTIFY pgrst, reload schema', async () => {
    await stack.db.exec(
      "create table public.late (id int primary key); notify pgrst, 'reload schema';",
    );
    await expect
      .poll(async () => (await anonClient(stack).from('late').select()).data, { timeout: 5000 })
      .toEqual([]);
  });
});
