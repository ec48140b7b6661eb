// The stack on a Postgres server that goes away: it stays up, every service answers with its own
// "database unavailable" error meanwhile, and everything works again — LISTEN included, with the
// REST schema cache re-read — once the server is back. Faults come from a TCP proxy (refused and
// cut connections, deterministic) and from real `pg_ctl restart -m fast | immediate`.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createDatabase,
  runSql,
  startPostgresServer,
  type PostgresServer,
} from '../support/postgres-server.ts';
import { startTestStack, type TestStack } from '../support/stack.ts';
import { startTcpProxy, type TcpProxy } from '../chaos/harness/tcp-proxy.ts';
import { Inbox, closeAll, joined, realtimeClient } from '../realtime/support.ts';

const MIGRATION = `
create table public.items (id int primary key, note text);
grant select, insert on public.items to anon;
create function public.slow() returns int language sql as 'select 1 from pg_sleep(3)';
create table public.events (id int primary key);
grant select, insert on public.events to anon;
alter publication supabase_realtime add table public.events;
grant execute on function public.slow() to anon;
`;

let server: PostgresServer;
let proxy: TcpProxy;
let stack: TestStack;
let direct: string;

/** Polls until fn resolves true, within a bound (the stack reconnects with back-off). */
async function eventually(fn: () => Promise<boolean>, ms = 30_000): Promise<void> {
  const until = Date.now() + ms;
  while (!(await fn().catch(() => false))) {
    if (Date.now() > until) throw new Error('condition not reached in time');
    await new Promise((r) => setTimeout(r, 100));
  }
}

const rest = (path: string, init: RequestInit = {}) =>
  fetch(`${stack.url}/rest/v1/${path}`, {
    ...init,
    headers: {
      apikey: stack.keys.anonKey,
      'Content-Type': 'application/json',
      ...(init.headers as Record<string, string>),
    },
  });

const serverSql = <Row = Record<string, unknown>>(sql: string) => runSql<Row>(direct, sql);

beforeAll(async () => {
  server = await startPostgresServer({ durable: true });
  direct = await createDatabase(server.url, 'outage');
  proxy = await startTcpProxy(direct);
  stack = await startTestStack({
    driver: 'postgres',
    databaseUrl: proxy.url,
    migrations: { '20260101000000_items.sql': MIGRATION },
  });
  const { error } = await stack.service().auth.admin.createUser({
    email: 'outage@example.com',
    password: 'correct-horse-42',
    email_confirm: true,
  });
  expect(error).toBeNull();
});

afterAll(async () => {
  await stack?.close();
  await proxy?.close();
  server?.stop();
});

describe('a Postgres server that goes away', () => {
  it('answers, while it refuses connections, with each service’s own unavailable error', async () => {
    await proxy.refuse();
    try {
      const read = await rest('items?select=*');
      expect(read.status).toBe(503);
      expect(Number(read.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      const body = (await read.json()) as Record<string, unknown>;
      expect(body).toMatchObject({ code: 'PGRST000', message: 'Database connection error.' });
      expect(body.hint).toBeNull();
      expect(typeof body.details).toBe('string');

      const signIn = await fetch(`${stack.url}/auth/v1/token?grant_type=password`, {
        method: 'POST',
        headers: { apikey: stack.keys.anonKey, 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: 'outage@example.com', password: 'correct-horse-42' }),
      });
      expect(signIn.status).toBe(500);
      expect(signIn.headers.get('x-sb-error-code')).toBe('unexpected_failure');
      expect(((await signIn.json()) as { msg: string }).msg).toMatch(/^Database error/);

      const buckets = await fetch(`${stack.url}/storage/v1/bucket`, {
        headers: {
          apikey: stack.keys.serviceRoleKey,
          Authorization: `Bearer ${stack.keys.serviceRoleKey}`,
        },
      });
      expect(buckets.status).toBe(500);
      expect(await buckets.json()).toMatchObject({ statusCode: '500', code: 'DatabaseError' });
    } finally {
      await proxy.restore();
    }
    await eventually(async () => (await rest('items?select=*')).status === 200);
    const { error } = await stack.anon().auth.signInWithPassword({
      email: 'outage@example.com',
      password: 'correct-horse-42',
    });
    expect(error).toBeNull();
  });

  it('answers 503 PGRST001 for a request whose connection is lost, and serves the next one', async () => {
    const slow = rest('rpc/slow', { method: 'POST', body: '{}' });
    await new Promise((r) => setTimeout(r, 500));
    proxy.cut();
    const response = await slow;
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({
      code: 'PGRST001',
      message: 'Database client error. Retrying the connection.',
      hint: null,
    });
    expect((await rest('items?select=id')).status).toBe(200);
  });

  it('listens again after reconnecting and re-reads the schema cache it may have missed', async () => {
    // A write names its columns from the schema cache (PGRST204 for one it does not know).
    const insert = (id: number) =>
      rest('items', { method: 'POST', body: JSON.stringify({ id, extra: 'new' }) });
    expect((await insert(1)).status).toBe(400);
    await proxy.refuse();
    // Changed, and announced, while the stack cannot hear it.
    await serverSql(
      "alter table public.items add column extra text; notify pgrst, 'reload schema'",
    );
    await proxy.restore();
    await eventually(async () => (await insert(2)).status === 201);
    // And the new LISTEN hears the next notification.
    await serverSql("alter table public.items drop column extra; notify pgrst, 'reload schema'");
    await eventually(async () => (await insert(3)).status === 400);
  });

  it('tells Realtime subscribers it re-subscribed to PostgreSQL, then delivers changes again', async () => {
    const client = realtimeClient(stack);
    const system = new Inbox<{ extension?: string; status?: string; message?: string }>();
    const changes = new Inbox<{ new: { id: number } }>();
    const channel = client
      .channel('outage-events')
      .on('system', {}, (payload) => system.push(payload))
      .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'events' }, (p) =>
        changes.push(p as unknown as { new: { id: number } }),
      );
    try {
      await joined(channel);
      await system.take(1); // the join's own "Subscribed to PostgreSQL"
      await proxy.refuse();
      await proxy.restore();
      const [again] = await system.take(1, 30_000);
      expect(again).toMatchObject({
        extension: 'postgres_changes',
        status: 'ok',
        message: 'Subscribed to PostgreSQL',
      });
      await eventually(
        async () =>
          (
            await rest('events', {
              method: 'POST',
              body: JSON.stringify({ id: 1 }),
            })
          ).status === 201,
      );
      const [change] = await changes.take(1, 30_000);
      expect(change!.new.id).toBe(1);
    } finally {
      await closeAll(client);
    }
  });

  for (const mode of ['fast', 'immediate'] as const) {
    it(`survives pg_ctl restart -m ${mode} under writes and loses no acknowledged write`, async () => {
      const acknowledged: number[] = [];
      /** Every answer other than 201 and 503, with its body. */
      const unexpected: string[] = [];
      let next = 1000 * (mode === 'fast' ? 1 : 2);
      let writing = true;
      const writer = (async () => {
        while (writing) {
          const id = next++;
          const response = await rest('items', {
            method: 'POST',
            body: JSON.stringify({ id, note: mode }),
          }).catch(() => undefined);
          const status = response?.status ?? 0;
          if (status === 201) acknowledged.push(id);
          else {
            if (status !== 503) unexpected.push(`${status} ${await response?.text()}`);
            await new Promise((r) => setTimeout(r, 20));
          }
        }
      })();
      await new Promise((r) => setTimeout(r, 300));
      await server.restart(mode);
      await eventually(async () => (await rest('items?select=id&limit=1')).status === 200);
      const settled = acknowledged.length;
      await eventually(async () => acknowledged.length > settled);
      writing = false;
      await writer;
      // Read on the server itself: a REST read stops at max_rows (1000), and a fast machine
      // acknowledges more writes than that.
      const stored = new Set(
        (await serverSql<{ id: number }>('select id from public.items')).map((r) => r.id),
      );
      expect(acknowledged.filter((id) => !stored.has(id))).toEqual([]);
      // Refused writes were told the database was unavailable, never a 500 or a client error.
      expect(unexpected).toEqual([]);
    });
  }
});
