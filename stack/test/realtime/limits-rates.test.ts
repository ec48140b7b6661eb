import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIVERS, startTestStack, type TestStack } from '../support/stack.ts';
import { rawSocket } from './raw.ts';
import { Inbox, closeAll, joined, realtimeClient } from './support.ts';

// Project-wide rates, averaged over Realtime's 5-second ticks: each test keeps going until the
// limit shows, then checks the service's answer to the sender over its share.
describe.each(DRIVERS)('realtime join and presence rates on %s', (driver) => {
  let stack: TestStack;
  const clients: SupabaseClient[] = [];
  beforeAll(async () => {
    stack = await startTestStack({
      driver,
      env: {
        TENANT_MAX_JOINS_PER_SECOND: '1',
        TENANT_MAX_PRESENCE_EVENTS_PER_SECOND: '1',
        CLIENT_PRESENCE_MAX_CALLS: '1000',
      },
    });
  });
  afterAll(async () => {
    await closeAll(...clients);
    await stack?.close();
  });

  it('closes the channel of a sender over its share of the project’s presence rate', async () => {
    const c = realtimeClient(stack);
    clients.push(c);
    const system = new Inbox<{ message: string }>();
    const channel = await joined(c.channel('crowd').on('system', {}, system.push));
    const deadline = Date.now() + 15_000;
    // Not awaited: once the channel is closed, a track gets no reply.
    for (let i = 0; system.items.length === 0 && Date.now() < deadline; i++) {
      void channel.track({ i });
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect((await system.next()).message).toBe('Too many presence messages per second');
  });

  it('refuses the joins of a socket over its share of the project’s join rate, and closes it', async () => {
    const socket = await rawSocket(stack);
    const deadline = Date.now() + 15_000;
    let refusal: unknown[] | undefined;
    for (let i = 0; !refusal && Date.now() < deadline; i++) {
      socket.send([`${i}`, `${i}`, `realtime:j-${i % 50}`, 'phx_join', {}]);
      const reply = await socket.reply(`${i}`);
      if ((reply[4] as { status: string }).status === 'error') refusal = reply;
      else await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(refusal?.[4]).toEqual({
      status: 'error',
      response: { reason: 'ClientJoinRateLimitReached: Too many joins per second' },
    });
    expect((await socket.closed).code).toBe(1008);
    // The project's join rate is the busy socket's share used up, not everyone's: a newcomer
    // connects and joins.
    const newcomer = await rawSocket(stack);
    newcomer.send(['n', 'n', 'realtime:newcomer', 'phx_join', {}]);
    expect((await newcomer.reply('n'))[4]).toMatchObject({ status: 'ok' });
    newcomer.ws.close();
  });
});
