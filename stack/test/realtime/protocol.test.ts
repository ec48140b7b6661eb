import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIVERS, startTestStack, type TestStack } from '../support/stack.ts';
import { rawSocket, refusedUpgrade, socketUrl } from './raw.ts';

describe.each(DRIVERS)('realtime socket protocol on %s', (driver) => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack({ driver });
  });
  afterAll(() => stack?.close());

  it('refuses upgrades without a valid key, with a bad vsn, or that are not upgrades', async () => {
    const none = await refusedUpgrade(socketUrl(stack, 'vsn=2.0.0'));
    expect(none.status).toBe(401);
    expect(JSON.parse(none.body)).toMatchObject({ message: 'No API key found in request' });
    const bad = await refusedUpgrade(socketUrl(stack, 'apikey=nope&vsn=2.0.0'));
    expect(bad.status).toBe(401);
    expect(JSON.parse(bad.body)).toMatchObject({ message: 'Invalid API key' });
    const vsn = await refusedUpgrade(socketUrl(stack, `apikey=${stack.keys.anonKey}&vsn=9.9.9`));
    expect(vsn).toEqual({
      status: 403,
      body: '{"error":"Unsupported serializer version (vsn): use 1.0.0 or 2.0.0"}',
    });
    const plain = await fetch(`${stack.url}/realtime/v1/websocket?apikey=${stack.keys.anonKey}`);
    expect(plain.status).toBe(400);
    expect(await plain.json()).toEqual({ error: 'Expected a WebSocket upgrade request' });
    // [realtime] max_header_length (4096 by default) bounds each header.
    const long = await refusedUpgrade(socketUrl(stack, `apikey=${stack.keys.anonKey}&vsn=2.0.0`), {
      'x-pad': 'x'.repeat(5000),
    });
    expect(long).toEqual({ status: 431, body: '{"error":"Request header too long"}' });
  });

  it('accepts every kind of project key, and answers heartbeats on the phoenix topic', async () => {
    for (const key of [
      stack.keys.anonKey,
      stack.keys.serviceRoleKey,
      stack.keys.publishableKey,
      stack.keys.secretKey,
    ]) {
      const socket = await rawSocket(stack, `apikey=${key}&vsn=2.0.0`);
      socket.send([null, '1', 'phoenix', 'heartbeat', {}]);
      expect(await socket.reply('1')).toEqual([
        null,
        '1',
        'phoenix',
        'phx_reply',
        { status: 'ok', response: {} },
      ]);
      socket.ws.close();
    }
  });

  it('speaks vsn 1.0.0 JSON objects', async () => {
    const socket = await rawSocket(stack, `apikey=${stack.keys.anonKey}&vsn=1.0.0`);
    socket.send({ topic: 'realtime:v1', event: 'phx_join', payload: {}, ref: '1', join_ref: '1' });
    expect(await socket.frames.next()).toEqual({
      topic: 'realtime:v1',
      event: 'phx_reply',
      payload: { status: 'ok', response: { postgres_changes: [] } },
      ref: '1',
    });
    socket.ws.close();
  });

  it('answers unknown topics and unjoined channels as Phoenix does, and needs a topic name', async () => {
    const socket = await rawSocket(stack);
    socket.send(['1', '1', 'lobby', 'phx_join', {}]);
    expect(await socket.reply('1')).toEqual([
      '1',
      '1',
      'lobby',
      'phx_reply',
      { status: 'error', response: { reason: 'unmatched topic' } },
    ]);
    socket.send(['2', '2', 'realtime:room', 'broadcast', { type: 'broadcast', event: 'x' }]);
    expect((await socket.reply('2'))[4]).toEqual({
      status: 'error',
      response: { reason: 'unmatched topic' },
    });
    socket.send(['3', '3', 'realtime:', 'phx_join', {}]);
    expect((await socket.reply('3'))[4]).toEqual({
      status: 'error',
      response: { reason: 'TopicNameRequired: You must provide a topic name' },
    });
    socket.ws.close();
  });

  it('survives malformed frames and keeps serving the socket', async () => {
    const socket = await rawSocket(stack);
    socket.send('not json');
    socket.send('{"topic":"realtime:x"}');
    socket.send('[1,2,3]');
    socket.send('[null,null,42,"phx_join",{}]');
    socket.send('[null,null,"realtime:x","phx_join","payload"]');
    socket.send(Buffer.from([3, 200, 0, 0, 0, 0, 1, 1]));
    socket.send(Buffer.from([9, 9, 9]));
    socket.send(Buffer.alloc(0));
    socket.send([
      '4',
      '4',
      'realtime:ok',
      'phx_join',
      { config: { broadcast: 'yes', private: 7 } },
    ]);
    expect((await socket.reply('4'))[4]).toMatchObject({ status: 'ok' });
    socket.send([null, '5', 'phoenix', 'heartbeat', {}]);
    expect((await socket.reply('5'))[4]).toEqual({ status: 'ok', response: {} });
    socket.ws.close();
  });

  it('closes a socket that sends a frame larger than the service accepts (1009)', async () => {
    const socket = await rawSocket(stack);
    socket.send(
      JSON.stringify([null, '1', 'phoenix', 'heartbeat', { pad: 'x'.repeat(6_000_000) }]),
    );
    expect((await socket.closed).code).toBe(1009);
  });

  it('replaces a channel joined twice, closing the first join', async () => {
    const socket = await rawSocket(stack);
    socket.send(['1', '1', 'realtime:dup', 'phx_join', {}]);
    await socket.reply('1');
    socket.send(['2', '2', 'realtime:dup', 'phx_join', {}]);
    const frames = [await socket.frames.next(), await socket.frames.next()];
    expect(frames).toContainEqual(['1', '1', 'realtime:dup', 'phx_close', {}]);
    expect(frames).toContainEqual([
      '2',
      '2',
      'realtime:dup',
      'phx_reply',
      { status: 'ok', response: { postgres_changes: [] } },
    ]);
    socket.send(['2', '3', 'realtime:dup', 'phx_leave', {}]);
    expect((await socket.reply('3'))[4]).toEqual({ status: 'ok', response: {} });
    expect(await socket.frames.next()).toEqual(['2', '2', 'realtime:dup', 'phx_close', {}]);
    socket.ws.close();
  });
});
