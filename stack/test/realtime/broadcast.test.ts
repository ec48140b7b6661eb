import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIVERS, startTestStack, type TestStack } from '../support/stack.ts';
import { Inbox, closeAll, joined, realtimeClient } from './support.ts';

describe.each(DRIVERS)('realtime broadcast on %s', (driver) => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack({ driver });
  });
  afterAll(() => stack?.close());

  for (const vsn of ['1.0.0', '2.0.0'] as const) {
    it(`delivers a broadcast to the other subscribers of a topic, not to the sender (vsn ${vsn})`, async () => {
      const alice = realtimeClient(stack, { vsn });
      const bob = realtimeClient(stack, { vsn });
      const aliceGot = new Inbox<unknown>();
      const bobGot = new Inbox<unknown>();
      const a = await joined(
        alice.channel('room-1').on('broadcast', { event: 'cursor' }, aliceGot.push),
      );
      await joined(bob.channel('room-1').on('broadcast', { event: 'cursor' }, bobGot.push));
      expect(await a.send({ type: 'broadcast', event: 'cursor', payload: { x: 1, y: 2 } })).toBe(
        'ok',
      );
      expect(await bobGot.next()).toEqual({
        type: 'broadcast',
        event: 'cursor',
        payload: { x: 1, y: 2 },
      });
      expect(aliceGot.items).toEqual([]);
      await closeAll(alice, bob);
    });
  }

  it('echoes to the sender with self and acknowledges with ack', async () => {
    const alice = realtimeClient(stack);
    const got = new Inbox<{ payload: unknown }>();
    const channel = await joined(
      alice
        .channel('room-self', { config: { broadcast: { self: true, ack: true } } })
        .on('broadcast', { event: 'ping' }, got.push),
    );
    expect(await channel.send({ type: 'broadcast', event: 'ping', payload: { n: 1 } })).toBe('ok');
    expect((await got.next()).payload).toEqual({ n: 1 });
    await closeAll(alice);
  });

  it('keeps public and private channels of one name apart, and topics apart', async () => {
    const alice = realtimeClient(stack);
    const bob = realtimeClient(stack);
    const got = new Inbox<{ event: string }>();
    const sender = await joined(alice.channel('lobby'));
    await joined(bob.channel('elsewhere').on('broadcast', { event: '*' }, got.push));
    const bobLobby = await joined(bob.channel('lobby').on('broadcast', { event: '*' }, got.push));
    await sender.send({ type: 'broadcast', event: 'first', payload: {} });
    expect((await got.next()).event).toBe('first');
    expect(bobLobby.state).toBe('joined');
    await closeAll(alice, bob);
  });

  it('matches the event filter and the * wildcard', async () => {
    const alice = realtimeClient(stack);
    const bob = realtimeClient(stack);
    const onlyB = new Inbox<{ event: string }>();
    const all = new Inbox<{ event: string }>();
    const sender = await joined(alice.channel('events'));
    await joined(
      bob
        .channel('events')
        .on('broadcast', { event: 'b' }, onlyB.push)
        .on('broadcast', { event: '*' }, all.push),
    );
    await sender.send({ type: 'broadcast', event: 'a', payload: {} });
    await sender.send({ type: 'broadcast', event: 'b', payload: {} });
    expect((await all.take(2)).map((m) => m.event)).toEqual(['a', 'b']);
    expect((await onlyB.take(1)).map((m) => m.event)).toEqual(['b']);
    await closeAll(alice, bob);
  });

  it('carries binary payloads between vsn 2.0.0 clients', async () => {
    const alice = realtimeClient(stack, { vsn: '2.0.0' });
    const bob = realtimeClient(stack, { vsn: '2.0.0' });
    const got = new Inbox<{ payload: ArrayBuffer }>();
    const sender = await joined(alice.channel('bytes'));
    await joined(bob.channel('bytes').on('broadcast', { event: 'blob' }, got.push));
    await sender.send({
      type: 'broadcast',
      event: 'blob',
      payload: new Uint8Array([1, 2, 255]).buffer,
    });
    const { payload } = await got.next();
    expect([...new Uint8Array(payload)]).toEqual([1, 2, 255]);
    await closeAll(alice, bob);
  });

  it('sends through the broadcast API to socket subscribers', async () => {
    const bob = realtimeClient(stack);
    const got = new Inbox<{ event: string; payload: unknown }>();
    await joined(bob.channel('api-room').on('broadcast', { event: '*' }, got.push));
    const sender = realtimeClient(stack).channel('api-room');
    expect(await sender.httpSend('hello', { text: 'hi' })).toEqual({ success: true });
    expect(await got.next()).toMatchObject({ event: 'hello', payload: { text: 'hi' } });
    const res = await fetch(`${stack.url}/realtime/v1/api/broadcast`, {
      method: 'POST',
      headers: { apikey: stack.keys.anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({
        messages: [{ topic: 'api-room', event: 'batch', payload: { n: 1 }, id: 'm-1' }],
      }),
    });
    expect(res.status).toBe(202);
    expect(await got.next()).toEqual({
      type: 'broadcast',
      event: 'batch',
      payload: { n: 1 },
      meta: { id: 'm-1' },
    });
    await closeAll(bob);
  });
});
