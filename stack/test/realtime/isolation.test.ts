// Issue 23: one client cannot take live updates away from everyone else. With the stack's default
// limits, a socket that floods a private channel — messages, bytes, presence calls or joins — is
// refused in Realtime's words and closed at once; the other member of its channel, a pair in
// another room and newcomers joining during and right after go on as if nothing happened.
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIVERS, clientFor, startTestStack, type TestStack } from '../support/stack.ts';
import { REALTIME_MIGRATION, addMember, newUser, type User } from './fixtures.ts';
import { rawSocket, type RawSocket } from './raw.ts';
import { Inbox, closeAll, joined, realtimeClient, subscribe, until } from './support.ts';

type Frame = [string | null, string | null, string, string, Record<string, unknown>];
type System = { status: string; message: string };

const isFrame = (frame: unknown): frame is Frame => Array.isArray(frame);

/** A raw socket joined to a private room as `user` (waits for the reply). */
async function joinedSocket(stack: TestStack, user: User, topic: string): Promise<RawSocket> {
  const socket = await rawSocket(stack);
  socket.send([
    'j',
    'j',
    `realtime:${topic}`,
    'phx_join',
    { config: { private: true, presence: { enabled: true } }, access_token: user.token },
  ]);
  const reply = await socket.reply('j');
  if ((reply[4] as { status: string }).status !== 'ok')
    throw new Error(`join refused: ${JSON.stringify(reply)}`);
  return socket;
}

/** The system messages and the phx_close a raw socket received, once it has closed. */
async function outcome(socket: RawSocket) {
  const closed = await socket.closed;
  const frames = socket.frames.items.filter(isFrame);
  return {
    closed,
    systems: frames.filter((f) => f[3] === 'system').map((f) => f[4] as System),
    phxClose: frames.some((f) => f[3] === 'phx_close'),
  };
}

describe.each(DRIVERS)('realtime isolation on %s', (driver) => {
  let stack: TestStack;
  let editor: User;
  let member: User;
  let writer2: User;
  let reader2: User;
  const clients: SupabaseClient[] = [];
  const client = (user?: User) => {
    const c = realtimeClient(stack, { token: user?.token });
    clients.push(c);
    return c;
  };
  const room = (c: SupabaseClient, name: string, ack = false) =>
    c.channel(name, { config: { private: true, broadcast: { ack } } });

  beforeAll(async () => {
    stack = await startTestStack({ driver, migrations: { '0001_app.sql': REALTIME_MIGRATION } });
    [editor, member, writer2, reader2] = await Promise.all([
      newUser(stack),
      newUser(stack),
      newUser(stack),
      newUser(stack),
    ]);
    await addMember(stack, 'r1', editor, true);
    await addMember(stack, 'r1', member);
    await addMember(stack, 'r2', writer2, true);
    await addMember(stack, 'r2', reader2);
  });
  afterAll(async () => {
    await closeAll(...clients);
    await stack?.close();
  });

  it('closes a socket flooding a channel with messages, and nobody else', async () => {
    const got = new Inbox<{ event: string }>();
    const receiverSystem = new Inbox<System>();
    await joined(
      room(client(member), 'room:r1')
        .on('broadcast', { event: '*' }, got.push)
        .on('system', {}, receiverSystem.push),
    );
    const bystanderGot = new Inbox<{ payload: { n: number } }>();
    const bystanderSystem = new Inbox<System>();
    await joined(
      room(client(reader2), 'room:r2')
        .on('broadcast', { event: 'tick' }, bystanderGot.push)
        .on('system', {}, bystanderSystem.push),
    );
    const bystander = await joined(room(client(writer2), 'room:r2', true));
    const flooder = await joinedSocket(stack, editor, 'room:r1');

    const count = 5000;
    for (let i = 0; i < count; i++)
      flooder.send([
        'j',
        null,
        'realtime:room:r1',
        'broadcast',
        { type: 'broadcast', event: 'flood', payload: { i } },
      ]);
    // Newcomers join while the flood is refused and once the flooder is gone.
    const during = await Promise.all([
      subscribe(client().channel('newcomer-public')),
      subscribe(room(client(reader2), 'room:r2')),
    ]);
    const flood = await outcome(flooder);
    const after = await Promise.all([
      subscribe(client().channel('newcomer-public-2')),
      subscribe(room(client(member), 'room:r1')),
    ]);

    expect(flood.closed).toEqual({ code: 1008, reason: 'Too many messages per second' });
    expect(flood.systems).toEqual([
      expect.objectContaining({ status: 'error', message: 'Too many messages per second' }),
    ]);
    expect(flood.phxClose).toBe(true);
    expect([...during, ...after].map((o) => o.status)).toEqual([
      'SUBSCRIBED',
      'SUBSCRIBED',
      'SUBSCRIBED',
      'SUBSCRIBED',
    ]);
    // The pair in the other room goes on, acknowledged and heard, every message in order.
    for (let n = 0; n < 5; n++)
      expect(await bystander.send({ type: 'broadcast', event: 'tick', payload: { n } })).toBe('ok');
    expect((await bystanderGot.take(5)).map((b) => b.payload.n)).toEqual([0, 1, 2, 3, 4]);
    // The flooder's own channel stays open for its other member, who hears the next writer.
    const next = await joined(room(client(editor), 'room:r1', true));
    expect(await next.send({ type: 'broadcast', event: 'after', payload: {} })).toBe('ok');
    await until(() => got.items.some((b) => b.event === 'after'));
    // Not the whole flood: it was cut off at the channel's rate.
    expect(got.items.filter((b) => b.event === 'flood').length).toBeLessThan(count);
    expect(receiverSystem.items).toEqual([]);
    expect(bystanderSystem.items).toEqual([]);
  });

  it('closes a socket sending more bytes per second than it may, and nobody else', async () => {
    const got = new Inbox<{ event: string }>();
    await joined(room(client(reader2), 'room:r2').on('broadcast', { event: '*' }, got.push));
    const sender = await joinedSocket(stack, writer2, 'room:r2');
    // 200 KB each: within the payload limit (256 KB on the Free plan), not twenty times a second.
    const text = 'x'.repeat(200_000);
    for (let i = 0; i < 20; i++)
      sender.send([
        'j',
        null,
        'realtime:room:r2',
        'broadcast',
        { type: 'broadcast', event: 'big', payload: { text } },
      ]);
    const result = await outcome(sender);
    expect(result.closed).toEqual({ code: 1008, reason: 'Too many bytes per second' });
    expect(result.systems.map((s) => s.message)).toEqual(['Too many bytes per second']);
    const next = await joined(room(client(writer2), 'room:r2', true));
    expect(await next.send({ type: 'broadcast', event: 'small', payload: {} })).toBe('ok');
    await until(() => got.items.some((b) => b.event === 'small'));
    expect(got.items.filter((b) => b.event === 'big').length).toBeLessThan(20);
  });

  it('closes a socket making more presence calls per second than it may', async () => {
    const watcherSystem = new Inbox<System>();
    const watcher = await joined(
      client()
        .channel('plaza', { config: { presence: { enabled: true } } })
        .on('system', {}, watcherSystem.push),
    );
    const socket = await rawSocket(stack);
    const topics = ['plaza', 'p2', 'p3'];
    // One at a time: replies on different topics may come in any order.
    for (const topic of topics) {
      socket.send([
        topic,
        topic,
        `realtime:${topic}`,
        'phx_join',
        { config: { presence: { enabled: true } } },
      ]);
      await socket.reply(topic);
    }
    // Within each channel's own calls (5 per 30 s), over the socket's (10 per second).
    for (let i = 0; i < 5; i++)
      for (const topic of topics)
        socket.send([
          topic,
          `p${i}`,
          `realtime:${topic}`,
          'presence',
          { event: 'track', payload: { i } },
        ]);
    const result = await outcome(socket);
    expect(result.closed).toEqual({ code: 1008, reason: 'Too many presence messages per second' });
    expect(new Set(result.systems.map((s) => s.message))).toEqual(
      new Set(['Too many presence messages per second']),
    );
    // The watcher sees the socket's presence leave with it, and goes on tracking its own.
    await until(() => Object.keys(watcher.presenceState()).length === 0);
    expect(await watcher.track({ here: true })).toBe('ok');
    expect(watcherSystem.items).toEqual([]);
  });

  it('refuses a socket joining faster than it may, and lets a newcomer join', async () => {
    const socket = await rawSocket(stack);
    // The same topic again and again: each re-join is a join (2 per second per topic).
    for (let i = 0; i < 3; i++) socket.send([`${i}`, `${i}`, 'realtime:churn', 'phx_join', {}]);
    const replies = [await socket.reply('0'), await socket.reply('1'), await socket.reply('2')];
    expect(replies.map((r) => r[4])).toEqual([
      expect.objectContaining({ status: 'ok' }),
      expect.objectContaining({ status: 'ok' }),
      {
        status: 'error',
        response: { reason: 'ClientJoinRateLimitReached: Too many joins per second' },
      },
    ]);
    expect((await socket.closed).code).toBe(1008);
    expect((await subscribe(client().channel('churn'))).status).toBe('SUBSCRIBED');
  });
});

// The project's own rates (hosted Realtime's, averaged over 5-second ticks) are shared out among
// those who send: here a writer flooding a published table through REST, against a limit of 20
// changes a second, beside a writer making five a second at most (within its share, 10).
describe.each(DRIVERS)('realtime project rates, shared among writers, on %s', (driver) => {
  let stack: TestStack;
  const clients: SupabaseClient[] = [];
  beforeAll(async () => {
    stack = await startTestStack({
      driver,
      migrations: { '0001_app.sql': REALTIME_MIGRATION },
      env: { TENANT_MAX_EVENTS_PER_SECOND: '20' },
    });
  });
  afterAll(async () => {
    await closeAll(...clients);
    await stack?.close();
  });

  it('drops the changes of a writer over its share, never another writer’s', async () => {
    const [flooder, quiet] = await Promise.all([newUser(stack), newUser(stack)]);
    const as = (user: User) => clientFor(stack.url, stack.keys.anonKey, { token: user.token });
    const watcher = realtimeClient(stack);
    clients.push(watcher);
    const got = new Inbox<{ new: { body: string } }>();
    await joined(
      watcher
        .channel('notices')
        .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'notices' }, got.push),
    );
    const bodies = () => got.items.map((c) => c.new.body);
    // Changes arrive in commit order: when the quiet writer's marker is in and the flooder's row
    // committed before it is not, the flooder's was dropped.
    let round = 0;
    await until(async () => {
      round++;
      const rows = Array.from({ length: 100 }, (_, i) => ({ body: `flood-${round}-${i}` }));
      expect((await as(flooder).from('notices').insert(rows)).error).toBeNull();
      expect(
        (
          await as(quiet)
            .from('notices')
            .insert({ body: `quiet-${round}` })
        ).error,
      ).toBeNull();
      await until(() => bodies().includes(`quiet-${round}`));
      await new Promise((resolve) => setTimeout(resolve, 200));
      return !bodies().includes(`flood-${round}-99`);
    }, 30_000);
    // The quiet writer goes on being heard.
    expect((await as(quiet).from('notices').insert({ body: 'quiet-last' })).error).toBeNull();
    await until(() => bodies().includes('quiet-last'));
  });
});
