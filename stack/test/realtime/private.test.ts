import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIVERS, startTestStack, type TestStack } from '../support/stack.ts';
import { REALTIME_MIGRATION, addMember, newUser, type User } from './fixtures.ts';
import { rawSocket } from './raw.ts';
import { Inbox, closeAll, joined, realtimeClient, subscribe, until, userToken } from './support.ts';

type Broadcast = { event: string; payload: Record<string, unknown>; meta?: { id: string } };

describe.each(DRIVERS)('realtime private channels on %s', (driver) => {
  let stack: TestStack;
  let writer: User;
  let reader: User;
  let stranger: User;
  const clients: SupabaseClient[] = [];
  const client = (user?: User) => {
    const c = realtimeClient(stack, { token: user?.token });
    clients.push(c);
    return c;
  };
  const room = (c: SupabaseClient, name = 'room:r1', presence = false) =>
    c.channel(name, { config: { private: true, presence: { enabled: presence } } });

  beforeAll(async () => {
    stack = await startTestStack({ driver, migrations: { '0001_app.sql': REALTIME_MIGRATION } });
    writer = await newUser(stack);
    reader = await newUser(stack);
    stranger = await newUser(stack);
    await addMember(stack, 'r1', writer, true);
    await addMember(stack, 'r1', reader, false);
  });
  afterAll(async () => {
    await closeAll(...clients);
    await stack?.close();
  });

  it('admits members, and refuses a stranger and anon with Realtime’s reason', async () => {
    expect((await subscribe(room(client(reader)))).status).toBe('SUBSCRIBED');
    for (const who of [stranger, undefined]) {
      const outcome = await subscribe(room(client(who)));
      expect(outcome.status).toBe('CHANNEL_ERROR');
      expect(outcome.error?.message).toBe(
        'Unauthorized: You do not have permissions to read from this Channel topic: room:r1',
      );
    }
  });

  it('delivers a writer’s broadcast to members and drops a reader’s, as the policies decide', async () => {
    const got = new Inbox<Broadcast>();
    await joined(room(client(reader)).on('broadcast', { event: '*' }, got.push));
    const fromWriter = await joined(room(client(writer)));
    const fromReader = await joined(
      client(reader).channel('room:r1', { config: { private: true, broadcast: { ack: true } } }),
    );
    expect(
      await fromReader.send({ type: 'broadcast', event: 'forged', payload: {} }, { timeout: 1000 }),
    ).toBe('timed out');
    await fromWriter.send({ type: 'broadcast', event: 'edit', payload: { n: 1 } });
    expect(await got.next()).toMatchObject({ event: 'edit', payload: { n: 1 } });
    expect(got.items.map((b) => b.event)).toEqual(['edit']);
  });

  it('keeps the private audience apart from a public channel of the same name', async () => {
    const publicGot = new Inbox<Broadcast>();
    await joined(client().channel('room:r1').on('broadcast', { event: '*' }, publicGot.push));
    const privateGot = new Inbox<Broadcast>();
    await joined(room(client(reader)).on('broadcast', { event: '*' }, privateGot.push));
    await (
      await joined(room(client(writer)))
    ).send({ type: 'broadcast', event: 'secret', payload: {} });
    await (
      await joined(client().channel('room:r1'))
    ).send({ type: 'broadcast', event: 'open', payload: {} });
    expect((await privateGot.next()).event).toBe('secret');
    expect((await publicGot.next()).event).toBe('open');
  });

  it('authorises the broadcast API: a writer sends, a reader is refused', async () => {
    const got = new Inbox<Broadcast>();
    await joined(room(client(reader)).on('broadcast', { event: '*' }, got.push));
    expect(await room(client(writer)).httpSend('via-api', { ok: true })).toEqual({ success: true });
    expect(await got.next()).toMatchObject({ event: 'via-api', payload: { ok: true } });
    await expect(room(client(reader)).httpSend('forged', {})).rejects.toThrow('Unauthorized');
    const res = await fetch(`${stack.url}/realtime/v1/api/broadcast`, {
      method: 'POST',
      headers: {
        apikey: stack.keys.anonKey,
        authorization: `Bearer ${reader.token}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({
        messages: [{ topic: 'room:r1', event: 'forged-batch', payload: {}, private: true }],
      }),
    });
    expect(res.status).toBe(202); // refused topics are skipped, as on Supabase
    expect(await room(client(writer)).httpSend('after', {})).toEqual({ success: true });
    expect((await got.next()).event).toBe('after');
  });

  it('delivers realtime.send() and realtime.broadcast_changes() from the database', async () => {
    const got = new Inbox<Broadcast>();
    await joined(room(client(reader)).on('broadcast', { event: '*' }, got.push));
    await stack.db.query(`select realtime.send('{"text":"from sql"}'::jsonb, 'note', 'room:r1')`);
    const sent = await got.next();
    expect(sent).toMatchObject({
      event: 'note',
      payload: { text: 'from sql', id: expect.any(String) },
    });
    expect(sent.meta?.id).toBe(sent.payload.id);

    await stack.db.exec(`
      create function public.room_note_changed() returns trigger language plpgsql security definer as $$
      begin
        perform realtime.broadcast_changes('room:' || coalesce(new.room, old.room), tg_op, tg_op,
          tg_table_name, tg_table_schema, new, old);
        return null;
      end $$;
      create trigger room_note_changed after insert or update or delete on public.room_notes
        for each row execute function public.room_note_changed();`);
    await stack.db.query(`insert into public.room_notes (room, body) values ('r1', 'hi')`);
    expect(await got.next()).toMatchObject({
      event: 'INSERT',
      payload: {
        operation: 'INSERT',
        table: 'room_notes',
        schema: 'public',
        record: { room: 'r1', body: 'hi' },
        old_record: null,
      },
    });
    // A rolled-back send delivers nothing: the next message is the one after it.
    await stack.db
      .transaction(async (tx) => {
        await tx.query(`select realtime.send('{}'::jsonb, 'rolled-back', 'room:r1')`);
        throw new Error('roll back');
      })
      .catch(() => undefined);
    await stack.db.query(`select realtime.send('{}'::jsonb, 'kept', 'room:r1')`);
    expect((await got.next()).event).toBe('kept');
  });

  it('closes a channel when a refreshed token no longer passes the read policies', async () => {
    // Removed from the room: neither broadcast nor presence may be read any more.
    const member = await newUser(stack);
    await addMember(stack, 'r2', member);
    let token = member.token;
    const c = realtimeClient(stack, { token: () => token });
    clients.push(c);
    const system = new Inbox<{ message: string }>();
    await joined(room(c, 'room:r2').on('system', {}, system.push));
    await stack.db.query('delete from public.room_members where member = $1', [member.id]);
    token = await userToken(stack, member.id, { exp: 1800 });
    await c.realtime.setAuth();
    expect((await system.next()).message).toBe(
      'You do not have permissions to read from this Channel topic: room:r2',
    );

    // Presence read lost, broadcast read kept: Realtime says the permission was revoked.
    const labUser = await newUser(stack);
    let labToken = await userToken(stack, labUser.id, { presence_ok: true });
    const l = realtimeClient(stack, { token: () => labToken });
    clients.push(l);
    const labSystem = new Inbox<{ message: string }>();
    await joined(room(l, 'lab:1', true).on('system', {}, labSystem.push));
    labToken = await userToken(stack, labUser.id, { presence_ok: false });
    await l.realtime.setAuth();
    expect((await labSystem.next()).message).toBe(
      'You no longer have permission to read from this Channel topic: lab:1',
    );
  });

  it('answers the broadcast API with 422 when a policy fails', async () => {
    await expect(room(client(writer), 'broken').httpSend('x', {})).rejects.toThrow(
      'RLS policy error',
    );
  });

  it('shares presence with members only, and lets only those the policy admits track', async () => {
    const w = await joined(room(client(writer), 'room:r1', true));
    const r = await joined(room(client(reader), 'room:r1', true));
    expect(await w.track({ name: 'writer' })).toBe('ok');
    await until(() => Object.keys(r.presenceState()).length === 1);
    expect(await r.track({ name: 'reader' })).toBe('error');
  });

  it('leaves no one behind whose socket closed while their track was being checked', async () => {
    const joins: string[] = [];
    const watcher = await joined(
      room(client(reader), 'slow:1', true).on('presence', { event: 'join' }, ({ key }) =>
        joins.push(key),
      ),
    );
    // A tab tracks, and its socket closes while the write policy is still being asked.
    const gone = await rawSocket(stack);
    const config = { private: true, presence: { key: 'gone', enabled: true } };
    gone.send(['1', '1', 'realtime:slow:1', 'phx_join', { config, access_token: writer.token }]);
    expect((await gone.reply('1'))[4]).toMatchObject({ status: 'ok' });
    gone.send([
      '1',
      '2',
      'realtime:slow:1',
      'presence',
      { type: 'presence', event: 'track', payload: { tab: 'gone' } },
    ]);
    gone.ws.close();
    await gone.closed;
    // Another tab's track, checked after the first one: once it shows, the first has been decided.
    const probe = client(writer).channel('slow:1', {
      config: { private: true, presence: { key: 'probe' } },
    });
    expect(await (await joined(probe)).track({ tab: 'probe' })).toBe('ok');
    await until(() => joins.includes('probe'));
    expect(joins).toEqual(['probe']);
    expect(Object.keys(watcher.presenceState())).toEqual(['probe']);
  });
});
