// The database is set up as on a Supabase project, so a real project's migrations and seeds
// apply unchanged: the postgres role's search_path includes `extensions`, the schemas Supabase
// has (vault, supabase_functions, graphql, graphql_public) exist and work, and the extensions a
// hosted project can enable load — or, on PGlite, the start names the one that cannot.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asCaller } from '../../src/db/as-caller.ts';
import type { PgError } from '../../src/db/adapter.ts';
import { DRIVERS, startTestStack, type TestStack } from '../support/stack.ts';

/** What `supabase db dump` writes at the top of a hosted project's schema, and common use. */
const DUMPED = `
CREATE EXTENSION IF NOT EXISTS "pg_graphql" WITH SCHEMA "graphql";
CREATE EXTENSION IF NOT EXISTS "pg_stat_statements" WITH SCHEMA "extensions";
CREATE EXTENSION IF NOT EXISTS "pgcrypto" WITH SCHEMA "extensions";
CREATE EXTENSION IF NOT EXISTS "supabase_vault" WITH SCHEMA "vault";
CREATE EXTENSION IF NOT EXISTS "uuid-ossp" WITH SCHEMA "extensions";
create extension if not exists citext with schema extensions;
create extension if not exists hstore with schema extensions;
create extension if not exists ltree with schema extensions;
create extension if not exists pg_trgm with schema extensions;
create extension if not exists unaccent with schema extensions;
create extension if not exists moddatetime with schema extensions;

create table public.things (
  id uuid primary key default uuid_generate_v4(),
  email citext not null,
  attrs hstore,
  path ltree,
  secret text,
  updated_at timestamptz
);
create trigger things_touch before update on public.things
  for each row execute procedure moddatetime (updated_at);
create index things_email_trgm on public.things using gin (email gin_trgm_ops);
`;

const SEED = `
insert into public.things (email, attrs, path, secret)
values ('Ada@Example.com', 'k => v', 'top.middle', crypt('pw', gen_salt('bf', 4)));
`;

describe.each(DRIVERS)('a Supabase-shaped database on %s', (driver) => {
  let stack: TestStack;
  let hook: http.Server;
  const received: { headers: http.IncomingHttpHeaders; body: unknown }[] = [];

  beforeAll(async () => {
    hook = http.createServer((req, res) => {
      let text = '';
      req.on('data', (c: Buffer) => (text += c.toString()));
      req.on('end', () => {
        received.push({ headers: req.headers, body: JSON.parse(text || 'null') });
        res.end('ok');
      });
    });
    await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(hook.address() as AddressInfo).port}/hook`;
    stack = await startTestStack({
      driver,
      migrations: {
        '20260101000000_dumped.sql': DUMPED,
        '20260101000001_webhook.sql': `
          create trigger things_hook after insert on public.things for each row
          execute function supabase_functions.http_request(
            '${url}', 'POST', '{"Content-Type":"application/json","X-Hook":"yes"}', '{}', '2000');`,
      },
      seed: SEED,
    });
  });
  afterAll(async () => {
    await stack?.close();
    hook?.close();
  });

  it("gives the postgres role Supabase's search_path, so seeds call extension functions unqualified", async () => {
    const { rows } = await stack.db.query<{ config: string[] }>(
      "select rolconfig as config from pg_catalog.pg_roles where rolname = 'postgres'",
    );
    expect(rows[0]!.config).toContain('search_path="$user", public, extensions');
    const seeded = await stack.db.query<{ ok: boolean; email: string }>(
      "select secret = extensions.crypt('pw', secret) as ok, email::text from public.things",
    );
    expect(seeded.rows).toEqual([{ ok: true, email: 'Ada@Example.com' }]);
  });

  it('has the schemas a Supabase project has', async () => {
    const { rows } = await stack.db.query<{ nspname: string }>(
      `select nspname from pg_catalog.pg_namespace
        where nspname in ('extensions', 'vault', 'supabase_functions', 'graphql', 'graphql_public')
        order by nspname`,
    );
    expect(rows.map((r) => r.nspname)).toEqual([
      'extensions',
      'graphql',
      'graphql_public',
      'supabase_functions',
      'vault',
    ]);
  });

  it('applies a dumped migration: the extensions work where the migration put them', async () => {
    const { rows } = await stack.db.query<Record<string, unknown>>(
      `select email = 'ada@example.com' as citext, attrs -> 'k' as hstore,
              nlevel(path) as ltree, similarity('abc', 'abd') > 0 as trgm,
              unaccent('Héllo') as unaccent from public.things`,
    );
    expect(rows[0]).toEqual({
      citext: true,
      hstore: 'v',
      ltree: 2,
      trgm: true,
      unaccent: 'Hello',
    });
    await stack.db.exec("update public.things set path = 'top'");
    const touched = await stack.db.query<{ set: boolean }>(
      'select updated_at is not null as set from public.things',
    );
    expect(touched.rows[0]!.set).toBe(true);
  });

  it('keeps Vault secrets encrypted at rest and readable only through vault.decrypted_secrets', async () => {
    const created = await stack.db.query<{ id: string }>(
      "select vault.create_secret('s3cret', 'api_key', 'for tests') as id",
    );
    const id = created.rows[0]!.id;
    const stored = await stack.db.query<{ secret: string; decrypted_secret: string }>(
      'select secret, decrypted_secret from vault.decrypted_secrets where id = $1',
      [id],
    );
    expect(stored.rows[0]!.decrypted_secret).toBe('s3cret');
    expect(stored.rows[0]!.secret).not.toContain('s3cret');
    await stack.db.query("select vault.update_secret($1, 'n3w')", [id]);
    const updated = await stack.db.query<{ decrypted_secret: string }>(
      "select decrypted_secret from vault.decrypted_secrets where name = 'api_key'",
    );
    expect(updated.rows[0]!.decrypted_secret).toBe('n3w');
    for (const role of ['anon', 'authenticated', 'service_role']) {
      const error = await asCaller(stack.db, { role, claims: { role } }, (tx) =>
        tx.query('select decrypted_secret from vault.decrypted_secrets'),
      ).catch((e: PgError) => e);
      expect((error as PgError).code).toBe('42501');
    }
  });

  it('sends a Database Webhook declared with supabase_functions.http_request', async () => {
    await stack.db.exec("insert into public.things (email) values ('hook@example.com')");
    const until = Date.now() + 15_000;
    while (!received.some((r) => JSON.stringify(r.body).includes('hook@example.com'))) {
      if (Date.now() > until) throw new Error('the webhook was not sent');
      await new Promise((r) => setTimeout(r, 50));
    }
    const sent = received.find((r) => JSON.stringify(r.body).includes('hook@example.com'))!;
    expect(sent.headers['x-hook']).toBe('yes');
    expect(sent.body).toMatchObject({
      type: 'INSERT',
      table: 'things',
      schema: 'public',
      record: { email: 'hook@example.com' },
      old_record: null,
    });
    const hooks = await stack.db.query<{ hook_name: string; status_code: number }>(
      `select h.hook_name, r.status_code from supabase_functions.hooks h
         join sheaf_stack.webhook_requests r on r.id = h.request_id
        where r.body -> 'record' ->> 'email' = 'hook@example.com'`,
    );
    expect(hooks.rows).toEqual([{ hook_name: 'things_hook', status_code: 200 }]);
  });

  it('answers graphql_public.graphql() as Supabase does while pg_graphql is not enabled', async () => {
    const response = await fetch(`${stack.url}/rest/v1/rpc/graphql`, {
      method: 'POST',
      headers: {
        apikey: stack.keys.anonKey,
        'Content-Type': 'application/json',
        'Content-Profile': 'graphql_public',
      },
      body: JSON.stringify({ query: '{ __typename }' }),
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      errors: [{ message: 'pg_graphql extension is not enabled.' }],
    });
  });
});

describe('extensions on PGlite', () => {
  it('loads pgvector when a migration creates it', async () => {
    const stack = await startTestStack({
      driver: 'pglite',
      migrations: {
        '20260101000000_vector.sql': `
          create extension if not exists vector with schema extensions;
          create table public.docs (id int primary key, embedding extensions.vector(3));
          insert into public.docs values (1, '[1,0,0]'), (2, '[0,1,0]');`,
      },
    });
    try {
      const { rows } = await stack.db.query<{ id: number }>(
        "select id from public.docs order by embedding operator(extensions.<->) '[0.9,0.1,0]' limit 1",
      );
      expect(rows).toEqual([{ id: 1 }]);
    } finally {
      await stack.close();
    }
  });

  it('refuses to start with an extension it cannot load, naming it and the Postgres-server option', async () => {
    await expect(
      startTestStack({
        driver: 'pglite',
        migrations: {
          '20260101000000_geo.sql':
            'create extension if not exists postgis with schema extensions;',
        },
      }),
    ).rejects.toThrow(/"postgis".*PGlite.*--database-url/);
  });
});
