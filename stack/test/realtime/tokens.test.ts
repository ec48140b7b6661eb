import { SignJWT } from 'jose';
import type { RealtimePostgresChangesPayload, SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIVERS, startTestStack, type TestStack } from '../support/stack.ts';
import { REALTIME_MIGRATION, newUser } from './fixtures.ts';
import { Inbox, closeAll, joined, realtimeClient, subscribe, userToken } from './support.ts';

type Change = RealtimePostgresChangesPayload<{ title: string }>;
type System = { extension: string; status: string; message: string };

describe.each(DRIVERS)('realtime access tokens on %s', (driver) => {
  let stack: TestStack;
  const clients: SupabaseClient[] = [];
  const client = (token: string | (() => string)) => {
    const c = realtimeClient(stack, { token });
    clients.push(c);
    return c;
  };

  beforeAll(async () => {
    stack = await startTestStack({ driver, migrations: { '0001_app.sql': REALTIME_MIGRATION } });
  });
  afterAll(async () => {
    await closeAll(...clients);
    await stack?.close();
  });

  it('refuses a join with an expired, malformed, foreign or incomplete token', async () => {
    const id = (await newUser(stack)).id;
    const foreign = await new SignJWT({ sub: id, role: 'authenticated' })
      .setProtectedHeader({ alg: 'HS256' })
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('another-secret-that-is-at-least-32-characters'));
    const noExp = await stack.keys.signAccessToken({ sub: id, role: 'authenticated' });
    const cases: [string, RegExp][] = [
      [
        await userToken(stack, id, { exp: -30 }),
        /^InvalidJWTToken: Token has expired \d+ seconds ago$/,
      ],
      ['not.a.jwt', /^MalformedJWT: The token provided is not a valid JWT$/],
      [foreign, /^JwtSignatureError: Failed to validate JWT signature$/],
      [noExp, /^InvalidJWTToken: Fields `role` and `exp` are required in JWT$/],
    ];
    for (const [token, reason] of cases) {
      const outcome = await subscribe(client(token).channel('t'));
      expect(outcome.status).toBe('CHANNEL_ERROR');
      expect(outcome.error?.message).toMatch(reason);
    }
  });

  it('keeps the channel open across a refresh, and uses the new token for Postgres Changes', async () => {
    const alice = await newUser(stack);
    const bob = await newUser(stack);
    let token = await userToken(stack, alice.id, { exp: 2 });
    const c = client(() => token);
    const rows = new Inbox<Change>();
    const system = new Inbox<System>();
    const statuses: string[] = [];
    const channel = c
      .channel('refresh')
      .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'todos' }, rows.push)
      .on('system', {}, system.push);
    await c.realtime.setAuth();
    channel.subscribe((status) => statuses.push(status));
    expect(await system.next()).toMatchObject({ message: 'Subscribed to PostgreSQL' });
    await stack.db.query(`insert into public.todos (owner, title) values ($1, 'alice 1')`, [
      alice.id,
    ]);
    expect(((await rows.next()).new as { title: string }).title).toBe('alice 1');

    // A refreshed token (here: another user's, to see the claims change) replaces the first.
    token = await userToken(stack, bob.id, { exp: 3600 });
    await c.realtime.setAuth();
    expect(await system.next()).toMatchObject({ message: 'Subscribed to PostgreSQL' });
    // Past the first token's expiry the channel is still open.
    await new Promise((resolve) => setTimeout(resolve, 2500));
    await stack.db.query(`insert into public.todos (owner, title) values ($1, 'alice 2')`, [
      alice.id,
    ]);
    await stack.db.query(`insert into public.todos (owner, title) values ($1, 'bob 1')`, [bob.id]);
    expect(((await rows.next()).new as { title: string }).title).toBe('bob 1');
    expect(statuses).toEqual(['SUBSCRIBED']);
    expect(channel.state).toBe('joined');
  });

  it('closes a channel whose token expires, with Realtime’s message', async () => {
    const user = await newUser(stack);
    const c = client(await userToken(stack, user.id, { exp: 2 }));
    const system = new Inbox<System>();
    const statuses = new Inbox<string>();
    await c.realtime.setAuth();
    c.channel('expiring')
      .on('system', {}, system.push)
      .subscribe((status) => statuses.push(status));
    expect(await statuses.next()).toBe('SUBSCRIBED');
    expect(await system.next(10_000)).toMatchObject({
      extension: 'system',
      status: 'error',
      message: expect.stringMatching(/^Token has expired \d+ seconds ago$/),
    });
    expect(await statuses.next()).toBe('CLOSED');
  });

  it('closes a channel sent a token that is not valid, with Realtime’s message for each', async () => {
    const user = await newUser(stack);
    const foreign = await new SignJWT({ sub: user.id, role: 'authenticated' })
      .setProtectedHeader({ alg: 'HS256' })
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('another-secret-that-is-at-least-32-characters'));
    const cases: [string, string][] = [
      ['garbage', 'The token provided is not a valid JWT'],
      [foreign, 'Failed to validate JWT signature'],
      [
        await stack.keys.signAccessToken({ sub: user.id, role: 'authenticated' }),
        'Fields `role` and `exp` are required in JWT',
      ],
    ];
    for (const [bad, message] of cases) {
      let token = user.token;
      const c = client(() => token);
      const system = new Inbox<System>();
      const channel = await joined(c.channel('garbage').on('system', {}, system.push));
      token = bad;
      await c.realtime.setAuth();
      expect(await system.next()).toMatchObject({ status: 'error', message });
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(channel.state).toBe('closed');
    }
  });
});
