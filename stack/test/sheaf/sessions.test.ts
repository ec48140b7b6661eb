// Devices and sessions: my_sessions() lists the caller's own Auth sessions with the current one
// marked, end_my_session() ends one of them (that device can no longer refresh), and nobody
// reads or ends anyone else's.
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIVERS, clientFor, type TestStack } from '../support/stack.ts';
import { startSheafStack } from './support/sheaf-stack.ts';

interface SessionRow {
  id: string;
  created_at: string;
  last_active_at: string;
  user_agent: string | null;
  ip: string | null;
  aal: string;
  current: boolean;
}

describe.each(DRIVERS)('devices and sessions on %s', (driver) => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startSheafStack(driver);
  });
  afterAll(() => stack?.close());

  async function account(label: string): Promise<{ email: string; password: string }> {
    const email = `${label}.${Date.now().toString(36)}@example.com`;
    const password = 'session-pass-1';
    const { error } = await stack
      .service()
      .auth.admin.createUser({ email, password, email_confirm: true });
    expect(error).toBeNull();
    return { email, password };
  }

  /** A device: its own client (and user agent) signed in with the password. */
  async function device(who: { email: string; password: string }, userAgent: string) {
    const client = clientFor(stack.url, stack.keys.anonKey, {
      headers: { 'User-Agent': userAgent },
    });
    const { data, error } = await client.auth.signInWithPassword(who);
    expect(error).toBeNull();
    const sessionId = JSON.parse(
      Buffer.from(data.session!.access_token.split('.')[1]!, 'base64url').toString(),
    ).session_id as string;
    return { client, sessionId, refreshToken: data.session!.refresh_token };
  }

  const sessionsOf = async (client: SupabaseClient) => {
    const { data, error } = await client.rpc('my_sessions');
    expect(error).toBeNull();
    return data as SessionRow[];
  };

  it('lists the caller’s sessions, this one first and marked', async () => {
    const me = await account('lister');
    const laptop = await device(me, 'Mozilla/5.0 (Macintosh) Firefox/130.0');
    const phone = await device(me, 'Mozilla/5.0 (iPhone) Mobile Safari/604.1');
    const rows = await sessionsOf(phone.client);
    expect(rows.map((r) => [r.id, r.current])).toEqual([
      [phone.sessionId, true],
      [laptop.sessionId, false],
    ]);
    expect(rows[1]).toMatchObject({
      user_agent: 'Mozilla/5.0 (Macintosh) Firefox/130.0',
      aal: 'aal1',
    });
    expect(new Date(rows[0]!.last_active_at).getTime()).toBeGreaterThan(0);
    expect(rows[0]!.ip).toMatch(/^(127\.0\.0\.1|::1|::ffff:127\.0\.0\.1)$/);
  });

  it('ends another device’s session so it can no longer refresh', async () => {
    const me = await account('ender');
    const laptop = await device(me, 'laptop');
    const phone = await device(me, 'phone');
    const ended = await laptop.client.rpc('end_my_session', { session: phone.sessionId });
    expect(ended).toMatchObject({ data: true, error: null });
    expect((await sessionsOf(laptop.client)).map((r) => r.id)).toEqual([laptop.sessionId]);
    const refresh = await clientFor(stack.url, stack.keys.anonKey).auth.refreshSession({
      refresh_token: phone.refreshToken,
    });
    expect(refresh.error).not.toBeNull();
  });

  it('never shows or ends someone else’s session', async () => {
    const alice = await account('alice');
    const bob = await account('bob');
    const a = await device(alice, 'a');
    const b = await device(bob, 'b');
    expect((await sessionsOf(a.client)).map((r) => r.id)).toEqual([a.sessionId]);
    const attempt = await a.client.rpc('end_my_session', { session: b.sessionId });
    expect(attempt).toMatchObject({ data: false, error: null });
    expect((await sessionsOf(b.client)).map((r) => r.id)).toEqual([b.sessionId]);
  });

  it('is closed to anonymous callers', async () => {
    const anon = clientFor(stack.url, stack.keys.anonKey);
    expect((await anon.rpc('my_sessions')).error).not.toBeNull();
    expect(
      (await anon.rpc('end_my_session', { session: crypto.randomUUID() })).error,
    ).not.toBeNull();
  });

  it('shows nothing to an aal1 session of an account with two-step verification', async () => {
    const me = await account('mfa');
    const session = await device(me, 'aal1');
    const { data } = await session.client.auth.getUser();
    await stack.db.query(
      `insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at, updated_at, secret)
       values (gen_random_uuid(), $1, 'app', 'totp', 'verified', now(), now(), 'JBSWY3DPEHPK3PXP')`,
      [data.user!.id],
    );
    expect(await sessionsOf(session.client)).toEqual([]);
    const ended = await session.client.rpc('end_my_session', { session: session.sessionId });
    expect(ended.data).toBe(false);
  });
});
