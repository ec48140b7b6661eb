import type net from 'node:net';
import type { RealtimeChannel } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIVERS, startTestStack, type TestStack } from '../support/stack.ts';
import { Inbox, closeAll, joined, realtimeClient, until } from './support.ts';

type PresenceEvent = {
  event: string;
  key: string;
  newPresences?: unknown[];
  leftPresences?: unknown[];
};

function listen(channel: RealtimeChannel, inbox: Inbox<PresenceEvent>): RealtimeChannel {
  return channel
    .on('presence', { event: 'join' }, (e) => inbox.push({ ...e, event: 'join' }))
    .on('presence', { event: 'leave' }, (e) => inbox.push({ ...e, event: 'leave' }));
}

const keys = (channel: RealtimeChannel) => Object.keys(channel.presenceState()).sort();

describe.each(DRIVERS)('realtime presence on %s', (driver) => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack({
      driver,
      env: { SHEAF_REALTIME_WEBSOCKET_TIMEOUT_MS: '1500', CLIENT_PRESENCE_MAX_CALLS: '50' },
    });
  });
  afterAll(() => stack?.close());

  it('shares tracked state with every member, joins and leaves', async () => {
    const alice = realtimeClient(stack);
    const bob = realtimeClient(stack);
    const seen = new Inbox<PresenceEvent>();
    const a = await joined(
      listen(alice.channel('doc-1', { config: { presence: { key: 'alice' } } }), seen),
    );
    expect(await a.track({ name: 'Alice', colour: 'red' })).toBe('ok');
    expect(await seen.next()).toMatchObject({
      event: 'join',
      key: 'alice',
      newPresences: [{ name: 'Alice', colour: 'red' }],
    });
    const b = await joined(
      bob.channel('doc-1', { config: { presence: { key: 'bob', enabled: true } } }),
    );
    await until(() => keys(b).includes('alice'));
    expect(b.presenceState().alice).toEqual([
      expect.objectContaining({ name: 'Alice', colour: 'red', presence_ref: expect.any(String) }),
    ]);
    await b.track({ name: 'Bob' });
    expect(await seen.next()).toMatchObject({ event: 'join', key: 'bob' });
    await until(() => keys(a).join() === 'alice,bob');
    expect(await b.untrack()).toBe('ok');
    expect(await seen.next()).toMatchObject({ event: 'leave', key: 'bob' });
    await until(() => keys(a).join() === 'alice');
    await closeAll(alice, bob);
  });

  it('keeps one entry per connection under a shared key, and replaces a re-tracked state', async () => {
    const tab1 = realtimeClient(stack);
    const tab2 = realtimeClient(stack);
    const watcher = realtimeClient(stack);
    const w = await joined(watcher.channel('doc-2', { config: { presence: { enabled: true } } }));
    const one = await joined(tab1.channel('doc-2', { config: { presence: { key: 'carol' } } }));
    const two = await joined(tab2.channel('doc-2', { config: { presence: { key: 'carol' } } }));
    await one.track({ tab: 1 });
    await two.track({ tab: 2 });
    await until(() => w.presenceState().carol?.length === 2);
    await one.track({ tab: 1, typing: true });
    await until(() =>
      w.presenceState().carol?.some((p) => (p as { typing?: boolean }).typing === true),
    );
    expect(w.presenceState().carol).toHaveLength(2);
    await tab1.removeAllChannels();
    await until(() => w.presenceState().carol?.length === 1);
    expect(w.presenceState().carol?.[0]).toMatchObject({ tab: 2 });
    await closeAll(tab1, tab2, watcher);
  });

  it('lets a killed socket leave, and one that stops heartbeating leave within the timeout', async () => {
    const watcher = realtimeClient(stack);
    const seen = new Inbox<PresenceEvent>();
    await joined(listen(watcher.channel('doc-3', { config: { presence: { key: 'w' } } }), seen));

    // A socket whose TCP connection is destroyed at once.
    const dave = realtimeClient(stack);
    const d = await joined(dave.channel('doc-3', { config: { presence: { key: 'dave' } } }));
    await d.track({ here: true });
    expect(await seen.next()).toMatchObject({ event: 'join', key: 'dave' });
    const conn = (
      dave.realtime as unknown as {
        socketAdapter: { getSocket(): { conn: { _socket: net.Socket } } };
      }
    ).socketAdapter.getSocket().conn;
    conn._socket.destroy();
    expect(await seen.next()).toMatchObject({ event: 'leave', key: 'dave' });

    // A socket that goes silent (no heartbeat) is closed by the server after the timeout.
    const erin = realtimeClient(stack, { realtime: { heartbeatIntervalMs: 60_000 } });
    const e = await joined(erin.channel('doc-3', { config: { presence: { key: 'erin' } } }));
    await e.track({ here: true });
    expect(await seen.next()).toMatchObject({ event: 'join', key: 'erin' });
    expect(await seen.next(10_000)).toMatchObject({ event: 'leave', key: 'erin' });
    await closeAll(watcher, dave, erin);
  });
});
