import type { RealtimePostgresChangesPayload, SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIVERS, clientFor, startTestStack, type TestStack } from '../support/stack.ts';
import { REALTIME_MIGRATION, addMember, newUser, type User } from './fixtures.ts';
import { Inbox, closeAll, joined, realtimeClient, until } from './support.ts';

type Change = RealtimePostgresChangesPayload<Record<string, unknown>>;

/** A channel on `todos` (or `table`) and on `notices` (no RLS: a barrier every subscriber sees). */
async function subscriber(client: SupabaseClient, table = 'todos', filter?: string) {
  const rows = new Inbox<Change>();
  const barrier = new Inbox<Change>();
  const system = new Inbox<{ message: string }>();
  const channel = await joined(
    client
      .channel(`rls-${table}-${Math.random()}`)
      .on('postgres_changes', { event: '*', schema: 'public', table, filter }, rows.push)
      .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'notices' }, barrier.push)
      .on('system', {}, system.push),
  );
  await system.next(); // Subscribed to PostgreSQL
  return { rows, barrier, system, channel };
}

describe.each(DRIVERS)('realtime postgres changes under RLS on %s', (driver) => {
  let stack: TestStack;
  let alice: User;
  let bob: User;
  const clients: SupabaseClient[] = [];
  const client = (token?: string | (() => string)) => {
    const c = realtimeClient(stack, { token });
    clients.push(c);
    return c;
  };
  /** Everyone's barrier: a notice inserted after the writes under test. */
  const barrier = (body: string) =>
    stack.db.query('insert into public.notices (body) values ($1)', [body]);

  beforeAll(async () => {
    stack = await startTestStack({ driver, migrations: { '0001_app.sql': REALTIME_MIGRATION } });
    alice = await newUser(stack);
    bob = await newUser(stack);
  });
  afterAll(async () => {
    await closeAll(...clients);
    await stack?.close();
  });

  it('delivers a row to its owner only: a stranger and anon receive nothing', async () => {
    const mine = await subscriber(client(alice.token));
    const stranger = await subscriber(client(bob.token));
    const anon = await subscriber(client());
    await stack.db.query(
      `insert into public.todos (owner, title, secret) values ($1, 'alice only', 's')`,
      [alice.id],
    );
    await barrier('after alice');

    const got = await mine.rows.next();
    expect(got).toMatchObject({
      eventType: 'INSERT',
      new: { title: 'alice only', owner: alice.id },
    });
    expect(Object.keys(got.new)).not.toContain('secret');
    for (const other of [stranger, anon]) {
      await other.barrier.next();
      expect(other.rows.items).toEqual([]);
    }
  });

  it('stops delivering when the subscriber loses access (membership revoked)', async () => {
    await addMember(stack, 'r1', alice);
    const member = await subscriber(client(alice.token), 'room_notes', 'room=eq.r1');
    await stack.db.query(`insert into public.room_notes (room, body) values ('r1', 'one')`);
    expect((await member.rows.next()).new).toMatchObject({ body: 'one' });
    await stack.db.query('delete from public.room_members where member = $1', [alice.id]);
    await stack.db.query(`insert into public.room_notes (room, body) values ('r1', 'two')`);
    await barrier('after revoke');
    await member.barrier.next();
    expect(member.rows.items.map((c) => (c.new as { body: string }).body)).toEqual(['one']);
  });

  it('acts with the refreshed token: a client that signs out (anon again) receives nothing', async () => {
    let token: string | null = bob.token;
    const c = clientFor(stack.url, stack.keys.anonKey, {
      accessToken: async () => token,
      realtime: {},
    });
    clients.push(c);
    const sub = await subscriber(c);
    await stack.db.query(`insert into public.todos (owner, title) values ($1, 'seen')`, [bob.id]);
    expect((await sub.rows.next()).new).toMatchObject({ title: 'seen' });
    token = null; // signed out: supabase-js falls back to the anon key
    await c.realtime.setAuth();
    // The server confirms the subscription again once it acts with the new token.
    expect(await sub.system.next()).toMatchObject({ message: 'Subscribed to PostgreSQL' });
    await stack.db.query(`insert into public.todos (owner, title) values ($1, 'unseen')`, [bob.id]);
    await barrier('after sign-out');
    await until(() =>
      sub.barrier.items.some((b) => (b.new as { body: string }).body === 'after sign-out'),
    );
    expect(sub.rows.items.map((r) => (r.new as { title: string }).title)).toEqual(['seen']);
  });

  it('answers a role that may not read the key with Error 401 and no row, as Supabase does', async () => {
    await stack.db.exec(`
      create table public.ledger (id bigint generated always as identity primary key, amount int);
      revoke all on public.ledger from anon;
      alter publication supabase_realtime add table public.ledger;`);
    const anon = await subscriber(client(), 'ledger');
    await stack.db.query('insert into public.ledger (amount) values (5)');
    expect(await anon.rows.next()).toMatchObject({
      eventType: 'INSERT',
      new: {},
      errors: ['Error 401: Unauthorized'],
    });
  });
});
