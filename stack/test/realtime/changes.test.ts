import type { RealtimePostgresChangesPayload, SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIVERS, startTestStack, type TestStack } from '../support/stack.ts';
import { REALTIME_MIGRATION } from './fixtures.ts';
import { Inbox, closeAll, joined, realtimeClient } from './support.ts';

type Change = RealtimePostgresChangesPayload<Record<string, unknown>>;
type System = { extension: string; status: string; message: string; channel: string };

describe.each(DRIVERS)('realtime postgres changes on %s', (driver) => {
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

  /** A service-role channel on `table` with the given bindings, joined. */
  async function watch(
    table: string,
    event: '*' | 'INSERT' | 'UPDATE' | 'DELETE',
    filter?: string,
  ) {
    const got = new Inbox<Change>();
    const system = new Inbox<System>();
    const channel = await joined(
      service
        .channel(`watch-${table}-${event}-${filter ?? ''}-${Math.random()}`)
        .on('postgres_changes', { event, schema: 'public', table, filter }, got.push)
        .on('system', {}, system.push),
    );
    return { got, system, channel };
  }

  it('delivers INSERT, UPDATE and DELETE with Supabase’s payload, old values per replica identity', async () => {
    const { got, system, channel } = await watch('notices', '*');
    expect(await system.next()).toMatchObject({
      extension: 'postgres_changes',
      status: 'ok',
      message: 'Subscribed to PostgreSQL',
    });
    await stack.db.query(`insert into public.notices (body) values ('hello')`);
    await stack.db.query(`update public.notices set body = 'changed' where body = 'hello'`);
    await stack.db.query(`delete from public.notices where body = 'changed'`);
    const [insert, update, del] = await got.take(3);
    expect(insert).toMatchObject({
      schema: 'public',
      table: 'notices',
      eventType: 'INSERT',
      new: { id: expect.any(Number), body: 'hello' },
      old: {},
      errors: null,
    });
    expect(insert!.commit_timestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    const id = (insert!.new as { id: number }).id;
    expect(update).toMatchObject({
      eventType: 'UPDATE',
      new: { id, body: 'changed' },
      old: { id, body: 'hello' },
    });
    expect(del).toMatchObject({ eventType: 'DELETE', new: {}, old: { id, body: 'changed' } });
    await service.removeChannel(channel);
  });

  it('sends only the key as old values under the default replica identity, and typed columns', async () => {
    const { got, channel } = await watch('todos', '*');
    const owner = '11111111-1111-4111-8111-111111111111';
    // RLS is on: as on Supabase, an insert or update is checked against the row as it is when
    // the change is processed, so each write waits for its event before the next changes it.
    await stack.db.query(
      `insert into public.todos (owner, title, tags, due, secret) values ($1, 'a', '{x,y}', '2030-01-02T03:04:05Z', 's')`,
      [owner],
    );
    const insert = await got.next();
    await stack.db.query(`update public.todos set done = true where title = 'a'`);
    const update = await got.next();
    await stack.db.query(`delete from public.todos where title = 'a'`);
    const del = await got.next();
    expect(insert!.new).toMatchObject({
      title: 'a',
      done: false,
      tags: ['x', 'y'],
      owner,
      secret: 's',
    });
    expect(update).toMatchObject({ eventType: 'UPDATE', old: {} });
    expect(del).toMatchObject({
      eventType: 'DELETE',
      old: { id: (insert!.new as { id: number }).id },
    });
    expect(Object.keys(del!.old)).toEqual(['id']);
    await service.removeChannel(channel);
  });

  it('sends only the selected columns (and the key) when a binding asks with select', async () => {
    const got = new Inbox<Change & { columns?: unknown }>();
    const channel = await joined(
      service
        .channel('selected')
        .on(
          'postgres_changes',
          { event: 'INSERT', schema: 'public', table: 'todos', select: ['title'] },
          got.push,
        ),
    );
    await stack.db.query(
      `insert into public.todos (owner, title, priority) values (gen_random_uuid(), 'picked', 7)`,
    );
    const change = await got.next();
    expect(change.new).toEqual({ id: expect.any(Number), title: 'picked' });
    await service.removeChannel(channel);
  });

  it('delivers only the operation a binding asks for', async () => {
    const inserts = await watch('notices', 'INSERT');
    const deletes = await watch('notices', 'DELETE');
    await stack.db.query(`insert into public.notices (body) values ('op')`);
    await stack.db.query(`delete from public.notices where body = 'op'`);
    expect((await inserts.got.next()).eventType).toBe('INSERT');
    expect((await deletes.got.next()).eventType).toBe('DELETE');
    expect(inserts.got.items).toHaveLength(1);
    await service.removeChannel(inserts.channel);
    await service.removeChannel(deletes.channel);
  });

  it('applies eq, neq, lt, lte, gt, gte and in filters (and the others PostgREST has)', async () => {
    const cases: [string, number[]][] = [
      ['priority=eq.2', [2]],
      ['priority=neq.2', [1, 3]],
      ['priority=lt.2', [1]],
      ['priority=lte.2', [1, 2]],
      ['priority=gt.2', [3]],
      ['priority=gte.2', [2, 3]],
      ['priority=in.(1,3)', [1, 3]],
      ['priority=not.in.(1,3)', [2]],
      ['title=like.f-*', []],
      ['title=ilike.F-%', [1, 2, 3]],
      ['priority=gt.1,priority=lt.3', [2]],
      ['due=is.null', [1, 2, 3]],
    ];
    // Each channel also listens for a last row ("barrier"): it arrives after every earlier
    // change of that channel, so what the filtered binding got by then is all it gets.
    const watchers = await Promise.all(
      cases.map(async ([filter]) => {
        const got = new Inbox<Change>();
        const barrier = new Inbox<Change>();
        const channel = await joined(
          service
            .channel(`filter-${filter}`)
            .on(
              'postgres_changes',
              { event: 'INSERT', schema: 'public', table: 'todos', filter },
              got.push,
            )
            .on(
              'postgres_changes',
              { event: 'INSERT', schema: 'public', table: 'todos', filter: 'title=eq.barrier' },
              barrier.push,
            ),
        );
        return { got, barrier, channel };
      }),
    );
    for (const p of [1, 2, 3])
      await stack.db.query(
        `insert into public.todos (owner, title, priority) values (gen_random_uuid(), $1, $2)`,
        [`f-${p}`, p],
      );
    await stack.db.query(
      `insert into public.todos (owner, title, priority, due) values (gen_random_uuid(), 'barrier', 99, now())`,
    );
    for (const [i, [filter, expected]] of cases.entries()) {
      const { got, barrier, channel } = watchers[i]!;
      await barrier.next();
      const received = got.items
        .map((row) => row.new as { title: string; priority: number })
        .filter((row) => row.title !== 'barrier')
        .map((row) => row.priority);
      expect({ filter, received }).toEqual({ filter, received: expected });
      await service.removeChannel(channel);
    }
  });
});
