import type { RealtimePostgresChangesPayload, SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIVERS, startTestStack, type TestStack } from '../support/stack.ts';
import { REALTIME_MIGRATION } from './fixtures.ts';
import { Inbox, closeAll, joined, realtimeClient, until } from './support.ts';

type Change = RealtimePostgresChangesPayload<Record<string, unknown>>;
type System = { extension: string; status: string; message: string };

describe.each(DRIVERS)('realtime change delivery on %s', (driver) => {
  let stack: TestStack;
  let service: SupabaseClient;
  beforeAll(async () => {
    stack = await startTestStack({ driver, migrations: { '0001_app.sql': REALTIME_MIGRATION } });
    service = realtimeClient(stack, { key: stack.keys.serviceRoleKey });
  });
  afterAll(async () => {
    await closeAll(service);
    await stack?.close();
  });

  async function watch(params: { table?: string; schema?: string; filter?: string }) {
    const got = new Inbox<Change>();
    const system = new Inbox<System>();
    const channel = await joined(
      service
        .channel(`d-${Math.random()}`)
        .on('postgres_changes', { event: '*', schema: 'public', ...params }, got.push)
        .on('system', {}, system.push),
    );
    return { got, system, channel };
  }

  it('delivers concurrent commits once each, in commit order, and nothing of a rollback', async () => {
    const { got, channel } = await watch({ table: 'ordered' });
    // Each transaction takes the counter row's lock first, so commit order is the order of n.
    const writers = Array.from({ length: 40 }, (_, i) =>
      stack.db
        .transaction(async (tx) => {
          const { rows } = await tx.query<{ n: number }>(
            'update public.counter set n = n + 1 where id = 1 returning n',
          );
          await tx.query('insert into public.ordered (n) values ($1)', [rows[0]!.n]);
          if (i % 7 === 3) throw new Error('roll back');
        })
        .catch(() => 'rolled back'),
    );
    const outcomes = await Promise.all(writers);
    const committed = outcomes.filter((o) => o !== 'rolled back').length;
    const received = (await got.take(committed)).map((c) => (c.new as { n: number }).n);
    expect(received).toEqual(Array.from({ length: committed }, (_, i) => i + 1));
    // One more commit arrives next: nothing else (no duplicate, no rolled-back row) came between.
    await stack.db.query('insert into public.ordered (n) values (-1)');
    expect(((await got.next()).new as { n: number }).n).toBe(-1);
    expect(got.items).toHaveLength(committed + 1);
    await service.removeChannel(channel);
  });

  it('delivers a change too large for one notification whole, and cuts one over 1 MB as Supabase does', async () => {
    const { got, channel } = await watch({ table: 'notices' });
    const big = 'é'.repeat(20_000);
    await stack.db.query('insert into public.notices (body) values ($1)', [big]);
    expect(((await got.next()).new as { body: string }).body).toBe(big);
    const huge = 'x'.repeat(1_100_000);
    await stack.db.query('insert into public.notices (body) values ($1)', [huge]);
    const cut = await got.next();
    expect(cut.errors).toEqual(['Error 413: Payload Too Large']);
    expect(cut.new).toEqual({ id: expect.any(Number) });
    await service.removeChannel(channel);
  });

  it('follows tables joining and leaving the publication without a restart', async () => {
    await stack.db.exec(
      'create table public.late (id bigint generated always as identity primary key, v text)',
    );
    const before = await watch({ table: 'late' });
    expect(await before.system.next()).toMatchObject({
      status: 'error',
      message: expect.stringMatching(
        /^Unable to subscribe to changes with given parameters\. Please check Realtime is enabled for the given connect parameters: \[event: \*, schema: public, table: late/,
      ),
    });
    await service.removeChannel(before.channel);

    await stack.db.exec('alter publication supabase_realtime add table public.late');
    const after = await watch({ table: 'late' });
    expect(await after.system.next()).toMatchObject({ status: 'ok' });
    await stack.db.query(`insert into public.late (v) values ('one')`);
    expect((await after.got.next()).new).toMatchObject({ v: 'one' });

    await stack.db.exec('alter publication supabase_realtime drop table public.late');
    const all = await watch({ schema: 'public', table: undefined });
    await stack.db.query(`insert into public.late (v) values ('two')`);
    await stack.db.query(`insert into public.notices (body) values ('marker')`);
    await until(() => all.got.items.length > 0);
    expect(all.got.items.map((c) => c.table)).toEqual(['notices']);
    expect(after.got.items).toHaveLength(1);
    await service.removeChannel(after.channel);
    await service.removeChannel(all.channel);
  });

  it('reports bad subscriptions in a system message and keeps the channel', async () => {
    const cases: [Record<string, string>, RegExp][] = [
      [
        { table: 'todos', filter: 'title=foo.bar' },
        /^Error parsing `filter` params: \["foo", "bar"\]$/,
      ],
      [{ table: 'todos', filter: 'nope=eq.1' }, /Exception: invalid column for filter nope$/],
      [
        { table: 'todos', filter: 'priority=eq.high' },
        /Exception: invalid input syntax for type integer/,
      ],
    ];
    for (const [params, message] of cases) {
      const { system, channel } = await watch(params);
      const reply = await system.next();
      expect(reply.status).toBe('error');
      expect(reply.message).toMatch(message);
      expect(channel.state).toBe('joined');
      await service.removeChannel(channel);
    }
  });
});
