import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStack, MigrationError } from '../../src/index.ts';
import {
  DRIVERS,
  createTestDatabase,
  makeWorkdir,
  startTestStack,
  type TestStack,
} from '../support/stack.ts';

describe.each(DRIVERS)('stack core on %s', (driver) => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack({
      driver,
      migrations: {
        '20240101000000_todos.sql': `
          create table public.todos (id bigint generated always as identity primary key, title text not null);
          -- a comment; with a semicolon
          insert into public.todos (title) values ('from migration; with semicolon');`,
        '20240102000000_more.sql': `alter table public.todos add column done boolean not null default false;`,
      },
      seed: `insert into public.todos (title) values ('from seed');`,
    });
  });
  afterAll(() => stack?.close());

  it('answers /health without a key', async () => {
    const res = await fetch(`${stack.url}/health`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok' });
  });

  it('applies migrations in order and records them as the Supabase CLI does', async () => {
    const { rows } = await stack.db.query<{ version: string; name: string; statements: string[] }>(
      'select version, name, statements from supabase_migrations.schema_migrations order by version',
    );
    expect(rows.map((r) => [r.version, r.name])).toEqual([
      ['20240101000000', 'todos'],
      ['20240102000000', 'more'],
    ]);
    expect(rows[0]!.statements).toHaveLength(2);
    const todos = await stack.db.query<{ title: string; done: boolean }>(
      'select title, done from public.todos order by id',
    );
    expect(todos.rows).toEqual([
      { title: 'from migration; with semicolon', done: false },
      { title: 'from seed', done: false },
    ]);
  });

  it('creates the Supabase roles, schemas and auth functions', async () => {
    const roles = await stack.db.query<{ rolname: string }>(
      `select rolname from pg_roles where rolname in ('anon','authenticated','service_role','authenticator') order by 1`,
    );
    expect(roles.rows.map((r) => r.rolname)).toEqual([
      'anon',
      'authenticated',
      'authenticator',
      'service_role',
    ]);
    const uid = await stack.db.transaction(async (tx) => {
      await tx.query(`select set_config('request.jwt.claims', $1, true)`, [
        JSON.stringify({ sub: '00000000-0000-0000-0000-000000000001', role: 'authenticated' }),
      ]);
      return tx.query<{ uid: string; role: string; jwt: { sub: string } }>(
        'select auth.uid() as uid, auth.role() as role, auth.jwt() as jwt',
      );
    });
    expect(uid.rows[0]).toEqual({
      uid: '00000000-0000-0000-0000-000000000001',
      role: 'authenticated',
      jwt: { sub: '00000000-0000-0000-0000-000000000001', role: 'authenticated' },
    });
  });

  it('refuses API routes without a key, or with a wrong one, in the gateway shape', async () => {
    const missing = await fetch(`${stack.url}/rest/v1/todos`);
    expect(missing.status).toBe(401);
    expect(await missing.json()).toEqual({
      message: 'No API key found in request',
      hint: 'No `apikey` request header or url param was found.',
    });
    const wrong = await fetch(`${stack.url}/auth/v1/settings`, {
      headers: { apikey: 'not-a-key' },
    });
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toMatchObject({ message: 'Invalid API key' });
  });

  it('answers CORS preflight for browser clients', async () => {
    const res = await fetch(`${stack.url}/rest/v1/todos`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:5173',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'apikey, authorization, content-type, x-client-info',
      },
    });
    expect(res.status).toBeLessThan(300);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('apikey');
  });

  it("adds CORS to every answer over the wire, the service's and the gateway's refusals", async () => {
    const origin = { origin: 'http://localhost:5173' };
    const read = await fetch(`${stack.url}/rest/v1/todos?select=title`, {
      headers: { ...origin, apikey: stack.keys.anonKey, Prefer: 'count=exact' },
    });
    const refused = await fetch(`${stack.url}/rest/v1/todos`, { headers: origin });
    const storage = await fetch(`${stack.url}/storage/v1/bucket/none`, { headers: origin });
    for (const res of [read, refused, storage]) {
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
      expect(res.headers.get('access-control-allow-credentials')).toBeNull();
      expect(res.headers.get('access-control-expose-headers')).toContain('Content-Range');
    }
    expect([read.status, refused.status]).toEqual([200, 401]);
    // The service's own headers are still there beside the gateway's.
    expect(read.headers.get('content-range')).toBe('0-1/2');
    expect(read.headers.get('content-type')).toBe('application/json; charset=utf-8');
    // A plain OPTIONS is the service's to answer: only the origin is added.
    const info = await fetch(`${stack.url}/rest/v1/todos`, {
      method: 'OPTIONS',
      headers: { ...origin, apikey: stack.keys.anonKey },
    });
    expect(info.headers.get('access-control-allow-origin')).toBe('*');
    expect(info.headers.get('access-control-expose-headers')).toBeNull();
    expect(info.headers.get('allow')).toContain('GET');
  });
});

describe.each(DRIVERS)('migrations that fail on %s', (driver) => {
  it('stop the start with file, line and message, and leave the database as before that migration', async () => {
    const workdir = makeWorkdir({
      migrations: {
        '1_good.sql': 'create table public.kept (id int);',
        '2_bad.sql': 'create table public.half (id int);\n\ninsert into public.nope values (1);\n',
      },
    });
    const database = driver === 'postgres' ? await createTestDatabase() : undefined;
    const dataDir = driver === 'pglite' ? `${workdir}/../.sheaf` : undefined;
    const start = () =>
      startStack({ workdir, port: 0, quiet: true, dataDir, databaseUrl: database?.url, env: {} });
    const error = await start().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MigrationError);
    expect((error as MigrationError).message).toMatch(
      /2_bad\.sql:3: relation "public\.nope" does not exist/,
    );
    // Fix the migration and start again: the first one is not re-applied and the half table never existed.
    const { writeFileSync } = await import('node:fs');
    writeFileSync(
      `${workdir}/migrations/2_bad.sql`,
      'select to_regclass($$public.half$$) is null as clean;',
    );
    const stack = await start();
    const { rows } = await stack.db.query<{ version: string }>(
      'select version from supabase_migrations.schema_migrations order by version',
    );
    expect(rows.map((r) => r.version)).toEqual(['1', '2']);
    expect((await stack.db.query(`select to_regclass('public.half') as t`)).rows[0]).toEqual({
      t: null,
    });
    await stack.stop();
    await database?.drop();
  });
});
