import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIVERS, startTestStack, type TestStack } from '../support/stack.ts';
import { rawSocket, refusedUpgrade, socketUrl } from './raw.ts';
import { Inbox, closeAll, joined, realtimeClient, subscribe, userToken } from './support.ts';

type System = { extension: string; status: string; message: string };

describe.each(DRIVERS)('realtime limits on %s', (driver) => {
  let stack: TestStack;
  const clients: SupabaseClient[] = [];
  const client = () => {
    const c = realtimeClient(stack);
    clients.push(c);
    return c;
  };
  beforeAll(async () => {
    stack = await startTestStack({
      driver,
      env: {
        TENANT_MAX_CHANNELS_PER_CLIENT: '2',
        TENANT_MAX_CONCURRENT_USERS: '3',
        TENANT_MAX_PAYLOAD_SIZE_IN_KB: '1',
        CLIENT_PRESENCE_MAX_CALLS: '2',
        TENANT_MAX_EVENTS_PER_SECOND: '20',
        // The project's rate is what these tests exceed, not a socket's own.
        SHEAF_REALTIME_CLIENT_MAX_EVENTS_PER_SECOND: '1000',
        SHEAF_REALTIME_CHANNEL_MAX_EVENTS_PER_SECOND: '1000',
        SHEAF_REALTIME_CLIENT_MAX_BYTES_PER_SECOND: '10000000',
        SHEAF_REALTIME_CHANNEL_MAX_BYTES_PER_SECOND: '10000000',
      },
    });
  });
  afterAll(async () => {
    await closeAll(...clients);
    await stack?.close();
  });

  it('refuses a channel beyond the per-socket limit', async () => {
    const c = client();
    await joined(c.channel('one'));
    await joined(c.channel('two'));
    const third = await subscribe(c.channel('three'));
    expect(third.status).toBe('CHANNEL_ERROR');
    expect(third.error?.message).toBe('ChannelRateLimitReached: Too many channels');
    await c.removeAllChannels();
  });

  it('refuses a socket beyond the connected-user limit until one leaves', async () => {
    // A socket counts as a user once it has joined a channel.
    const early = await rawSocket(stack);
    const joinedClients = [client(), client(), client()];
    for (const c of joinedClients) await joined(c.channel('users'));
    const url = socketUrl(stack, `apikey=${stack.keys.anonKey}&vsn=2.0.0`);
    expect(await refusedUpgrade(url)).toEqual({
      status: 429,
      body: '{"error":"Too many connected users"}',
    });
    early.send(['1', '1', 'realtime:users', 'phx_join', {}]);
    expect((await early.reply('1'))[4]).toEqual({
      status: 'error',
      response: { reason: 'ConnectionRateLimitReached: Too many connected users' },
    });
    early.ws.close();
    await joinedClients[0]!.removeAllChannels();
    await joined(client().channel('users'));
    for (const c of clients) await c.removeAllChannels();
  });

  it('refuses oversized payloads: an error for ack, 422 from the API', async () => {
    const c = client();
    const got = new Inbox<{ event: string }>();
    const sender = await joined(
      c
        .channel('big', { config: { broadcast: { ack: true, self: true } } })
        .on('broadcast', { event: '*' }, got.push),
    );
    const big = { text: 'x'.repeat(2000) };
    expect(await sender.send({ type: 'broadcast', event: 'big', payload: big })).toBe('error');
    expect(await sender.send({ type: 'broadcast', event: 'small', payload: {} })).toBe('ok');
    expect((await got.next()).event).toBe('small');
    const api = await fetch(`${stack.url}/realtime/v1/api/broadcast/big/events/big`, {
      method: 'POST',
      headers: { apikey: stack.keys.anonKey, 'content-type': 'application/json' },
      body: JSON.stringify(big),
    });
    expect(api.status).toBe(422);
    expect(await api.json()).toEqual({
      errors: { payload: ['Payload size exceeds tenant limit'] },
    });
    const batch = await fetch(`${stack.url}/realtime/v1/api/broadcast`, {
      method: 'POST',
      headers: { apikey: stack.keys.anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({
        messages: [{ topic: 'big', event: 'x', payload: big }, { topic: '' }],
      }),
    });
    expect(batch.status).toBe(422);
    expect(await batch.json()).toEqual({
      errors: {
        messages: [
          { payload: ['Payload size exceeds tenant limit'] },
          { topic: ["can't be blank"], event: ["can't be blank"], payload: ["can't be blank"] },
        ],
      },
    });
    await c.removeAllChannels();
  });

  it('closes a channel that tracks a presence state over the size limit', async () => {
    const c = client();
    const system = new Inbox<System>();
    const channel = await joined(c.channel('heavy').on('system', {}, system.push));
    void channel.track({ text: 'x'.repeat(2000) });
    expect((await system.next()).message).toBe('Track message size exceeded');
    await c.removeAllChannels();
  });

  it('answers the broadcast API’s bad requests in Realtime’s shapes', async () => {
    const api = (path: string, init: RequestInit) =>
      fetch(`${stack.url}/realtime/v1/api/broadcast${path}`, {
        method: 'POST',
        ...init,
        headers: { apikey: stack.keys.anonKey, ...init.headers },
      });
    const forged = await api('', {
      headers: { authorization: 'Bearer not-a-token', 'content-type': 'application/json' },
      body: JSON.stringify({ messages: [{ topic: 't', event: 'e', payload: {} }] }),
    });
    expect([forged.status, await forged.json()]).toEqual([401, { message: 'Unauthorized' }]);
    const text = await api('/t/events/e', {
      headers: { 'content-type': 'text/plain' },
      body: 'hi',
    });
    expect([text.status, await text.json()]).toEqual([
      415,
      { error: 'Unsupported Media Type. Use application/json or application/octet-stream' },
    ]);
    const garbled = await api('', { headers: { 'content-type': 'application/json' }, body: '{' });
    expect([garbled.status, await garbled.json()]).toEqual([
      400,
      { message: 'Malformed request body' },
    ]);
    const many = Array.from({ length: 25 }, (_, i) => ({ topic: 't', event: 'e', payload: { i } }));
    const batch = await api('', {
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ messages: many }),
    });
    expect([batch.status, await batch.json()]).toEqual([
      429,
      { message: 'Too many messages to broadcast, please reduce the batch size' },
    ]);
  });

  it('closes a channel that tracks presence too often', async () => {
    const c = client();
    const system = new Inbox<System>();
    const channel = await joined(c.channel('busy').on('system', {}, system.push));
    expect(await channel.track({ n: 1 })).toBe('ok');
    expect(await channel.track({ n: 2 })).toBe('ok');
    void channel.track({ n: 3 });
    expect(await system.next()).toMatchObject({
      extension: 'system',
      status: 'error',
      message: 'Client presence rate limit exceeded',
    });
    await c.removeAllChannels();
  });

  it('over the project’s message rate, closes only the channel of the sender over its share', async () => {
    const id = randomUUID();
    const token = await userToken(stack, id);
    const flooder = realtimeClient(stack, { token });
    const receiver = client();
    const quiet = client();
    clients.push(flooder);
    const floodSystem = new Inbox<System>();
    const receiverSystem = new Inbox<System>();
    const got = new Inbox<{ event: string }>();
    await joined(
      receiver
        .channel('flood')
        .on('system', {}, receiverSystem.push)
        .on('broadcast', { event: 'quiet' }, got.push),
    );
    const out = await joined(flooder.channel('flood').on('system', {}, floodSystem.push));
    const calm = await joined(quiet.channel('flood'));
    // Realtime averages the rate over 5-second ticks: keep sending until the limit shows.
    const deadline = Date.now() + 15_000;
    while (floodSystem.items.length === 0 && Date.now() < deadline) {
      for (let i = 0; i < 50; i++)
        void out.send({ type: 'broadcast', event: 'spam', payload: { i } });
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(await floodSystem.next()).toMatchObject({
      status: 'error',
      message: 'Too many messages per second',
    });
    // The others go on: the receiver is not closed and hears a sender within its share.
    await calm.send({ type: 'broadcast', event: 'quiet', payload: {} });
    expect((await got.next()).event).toBe('quiet');
    expect(receiverSystem.items).toEqual([]);
    // The same person through the broadcast API is over its share too; others are not.
    const api = (bearer: string) =>
      fetch(`${stack.url}/realtime/v1/api/broadcast/flood/events/x`, {
        method: 'POST',
        headers: {
          apikey: stack.keys.anonKey,
          authorization: `Bearer ${bearer}`,
          'content-type': 'application/json',
        },
        body: '{}',
      });
    const refused = await api(token);
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({ message: 'You have exceeded your rate limit' });
    expect((await api(await userToken(stack, randomUUID()))).status).toBe(202);
  });
});
