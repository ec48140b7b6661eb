// Issue 23: access changes reach open private channels without a new token. A writer demoted
// while connected has their next broadcasts refused (Realtime's silence: an `ack` never comes),
// and sends again once promoted; a member removed while connected is shut out of the channel
// with Realtime's message as soon as something is sent to it. Hosted Realtime asks the policies
// only at join and on a new access token; the stack asks again once a decision is a second old.
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIVERS, startTestStack, type TestStack } from '../support/stack.ts';
import { REALTIME_MIGRATION, addMember, newUser, type User } from './fixtures.ts';
import { Inbox, closeAll, joined, realtimeClient, until } from './support.ts';

type Broadcast = { event: string; payload: { n?: number } };
type System = { status: string; message: string };

describe.each(DRIVERS)('realtime access changes on %s', (driver) => {
  let stack: TestStack;
  const clients: SupabaseClient[] = [];
  const room = (user: User, name: string, presence = false) => {
    const c = realtimeClient(stack, { token: user.token });
    clients.push(c);
    return c.channel(name, {
      config: { private: true, broadcast: { ack: true }, presence: { enabled: presence } },
    });
  };
  const setWriter = (name: string, user: User, writer: boolean) =>
    stack.db.query('update public.room_members set writer = $1 where room = $2 and member = $3', [
      writer,
      name,
      user.id,
    ]);

  beforeAll(async () => {
    stack = await startTestStack({
      driver,
      migrations: { '0001_app.sql': REALTIME_MIGRATION },
      // Tracks until the demotion shows, beyond Realtime's 5 per 30 s per channel.
      env: { CLIENT_PRESENCE_MAX_CALLS: '100' },
    });
  });
  afterAll(async () => {
    await closeAll(...clients);
    await stack?.close();
  });

  it('refuses a demoted writer’s broadcasts without a new token, and takes them again once promoted', async () => {
    const [editor, member] = [await newUser(stack), await newUser(stack)];
    await addMember(stack, 'd1', editor, true);
    await addMember(stack, 'd1', member);
    const got = new Inbox<Broadcast>();
    await joined(room(member, 'room:d1').on('broadcast', { event: '*' }, got.push));
    const sender = await joined(room(editor, 'room:d1'));
    const acked: number[] = [];
    let n = 0;
    /** Sends the next numbered broadcast; resolves with its ack ('ok', or 'timed out' when refused). */
    const send = async () => {
      const i = n++;
      const status = await sender.send(
        { type: 'broadcast', event: 'edit', payload: { n: i } },
        { timeout: 1000 },
      );
      if (status === 'ok') acked.push(i);
      await new Promise((resolve) => setTimeout(resolve, 50));
      return status;
    };

    expect(await send()).toBe('ok');
    await setWriter('d1', editor, false);
    // The decision kept from before is asked again within a second: sends stop being taken …
    await until(async () => (await send()) === 'timed out', 15_000);
    expect(await send()).toBe('timed out');
    // … the channel stays open (the editor still reads), and takes them again after a promotion.
    await setWriter('d1', editor, true);
    await until(async () => (await send()) === 'ok', 15_000);
    expect(sender.state).toBe('joined');
    // The member heard exactly the broadcasts that were acknowledged, in order.
    await until(() => got.items.length === acked.length);
    expect(got.items.map((b) => b.payload.n)).toEqual(acked);
    expect(acked.length).toBeLessThan(n);
  });

  it('shuts a removed member out of the channel when something is next sent to it', async () => {
    const [editor, member, other] = [
      await newUser(stack),
      await newUser(stack),
      await newUser(stack),
    ];
    await addMember(stack, 'd2', editor, true);
    await addMember(stack, 'd2', member);
    await addMember(stack, 'd2', other);
    const removed = new Inbox<System>();
    const removedGot = new Inbox<Broadcast>();
    await joined(
      room(member, 'room:d2', true)
        .on('system', {}, removed.push)
        .on('broadcast', { event: '*' }, removedGot.push),
    );
    const stays = new Inbox<System>();
    const staysGot = new Inbox<Broadcast>();
    await joined(
      room(other, 'room:d2')
        .on('system', {}, stays.push)
        .on('broadcast', { event: '*' }, staysGot.push),
    );
    const sender = await joined(room(editor, 'room:d2'));
    expect(await sender.send({ type: 'broadcast', event: 'before', payload: {} })).toBe('ok');
    expect((await removedGot.next()).event).toBe('before');

    await stack.db.query('delete from public.room_members where room = $1 and member = $2', [
      'd2',
      member.id,
    ]);
    // Sending goes on; the removed member's read decision is asked again within a second.
    let n = 0;
    await until(async () => {
      expect(await sender.send({ type: 'broadcast', event: 'after', payload: { n: n++ } })).toBe(
        'ok',
      );
      await new Promise((resolve) => setTimeout(resolve, 100));
      return removed.items.length > 0;
    }, 15_000);
    expect(await removed.next()).toMatchObject({
      status: 'error',
      message: 'You do not have permissions to read from this Channel topic: room:d2',
    });
    // The member who stays hears everything and is told nothing.
    await until(() => staysGot.items.filter((b) => b.event === 'after').length === n);
    expect(stays.items).toEqual([]);
  });

  it('refuses a demoted writer’s presence track on the same terms', async () => {
    const editor = await newUser(stack);
    await addMember(stack, 'd3', editor, true);
    const channel = await joined(room(editor, 'room:d3', true));
    expect(await channel.track({ at: 1 })).toBe('ok');
    await setWriter('d3', editor, false);
    let at = 2;
    await until(async () => {
      const status = await channel.track({ at: at++ });
      await new Promise((resolve) => setTimeout(resolve, 200));
      return status === 'error';
    }, 15_000);
    expect(channel.state).toBe('joined');
  });
});
