// A private channel acts with the token it was last given: a join asks the read policies with
// the join's own token, and a refreshed token (access_token) asks them again with the new one —
// reads at once, writes at the next send. The authorisation TTL is long here, so only a join or
// a refresh can change a decision: what happens after a refresh is the refresh's doing.
import { randomUUID } from 'node:crypto';
import type { RealtimeChannel, SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIVERS, startTestStack, type TestStack } from '../support/stack.ts';
import { REALTIME_MIGRATION } from './fixtures.ts';
import { Inbox, closeAll, joined, realtimeClient, subscribe, userToken } from './support.ts';

type Broadcast = { event: string };

// Private channels "desk:<n>": read with the claim desk_read, send with the claim desk_write.
const DESK_POLICIES = `
create policy "desk read" on realtime.messages for select to authenticated using (
  realtime.topic() like 'desk:%' and coalesce((auth.jwt() ->> 'desk_read')::boolean, false));
create policy "desk write" on realtime.messages for insert to authenticated with check (
  realtime.topic() like 'desk:%' and coalesce((auth.jwt() ->> 'desk_write')::boolean, false));
`;

describe.each(DRIVERS)('realtime token refresh on private channels on %s', (driver) => {
  let stack: TestStack;
  const clients: SupabaseClient[] = [];
  const client = (token: string | (() => string)) => {
    const c = realtimeClient(stack, { token });
    clients.push(c);
    return c;
  };
  const token = (claims: { desk_read: boolean; desk_write?: boolean }) =>
    userToken(stack, randomUUID(), claims);
  const desk = (c: SupabaseClient, name: string) =>
    c.channel(name, { config: { private: true, broadcast: { ack: true } } });
  const send = (channel: RealtimeChannel, event: string) =>
    channel.send({ type: 'broadcast', event, payload: {} }, { timeout: 1000 });

  beforeAll(async () => {
    stack = await startTestStack({
      driver,
      migrations: { '0001_app.sql': REALTIME_MIGRATION, '0002_desk.sql': DESK_POLICIES },
      env: { SHEAF_REALTIME_AUTHORIZATION_TTL_MS: '600000' },
    });
  });
  afterAll(async () => {
    await closeAll(...clients);
    await stack?.close();
  });

  it('refuses a join whose token is valid but whose claims the read policy refuses', async () => {
    const outcome = await subscribe(desk(client(await token({ desk_read: false })), 'desk:1'));
    expect(outcome.status).toBe('CHANNEL_ERROR');
    expect(outcome.error?.message).toBe(
      'Unauthorized: You do not have permissions to read from this Channel topic: desk:1',
    );
  });

  it('keeps a channel whose refreshed token no longer writes open, reading, its sends dropped', async () => {
    const listener = new Inbox<Broadcast>();
    await joined(
      desk(client(await token({ desk_read: true })), 'desk:2').on(
        'broadcast',
        { event: '*' },
        listener.push,
      ),
    );
    let current = await token({ desk_read: true, desk_write: true });
    const c = client(() => current);
    const mine = new Inbox<Broadcast>();
    const system = new Inbox<{ message: string }>();
    const channel = await joined(
      desk(c, 'desk:2').on('broadcast', { event: '*' }, mine.push).on('system', {}, system.push),
    );
    expect(await send(channel, 'before')).toBe('ok');

    current = await token({ desk_read: true, desk_write: false });
    await c.realtime.setAuth();
    expect(await send(channel, 'dropped')).toBe('timed out');

    const writer = await joined(
      desk(client(await token({ desk_read: true, desk_write: true })), 'desk:2'),
    );
    expect(await send(writer, 'after')).toBe('ok');
    expect((await mine.next()).event).toBe('after');
    expect((await listener.take(2)).map((b) => b.event)).toEqual(['before', 'after']);
    expect(system.items).toEqual([]);
  });

  it('lets a channel whose refreshed token now writes send at once', async () => {
    const listener = new Inbox<Broadcast>();
    await joined(
      desk(client(await token({ desk_read: true })), 'desk:3').on(
        'broadcast',
        { event: '*' },
        listener.push,
      ),
    );
    let current = await token({ desk_read: true, desk_write: false });
    const c = client(() => current);
    const channel = await joined(desk(c, 'desk:3'));
    expect(await send(channel, 'refused')).toBe('timed out');

    current = await token({ desk_read: true, desk_write: true });
    await c.realtime.setAuth();
    expect(await send(channel, 'granted')).toBe('ok');
    expect((await listener.next()).event).toBe('granted');
  });
});
