// Devices and sessions: my_sessions() lists the caller's own Auth sessions with the current one
// marked, end_my_session() ends one of them (that device can no longer refresh), and nobody
// reads or ends anyone else's. A session that has ended is refused by every table and bucket even
// while its access token is valid; its activity (refreshes, touch_my_session()) moves "last
// active".
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

  it('refuses an ended session’s still-valid token everywhere, and nobody else’s', async () => {
    const me = await account('ended');
    const laptop = await device(me, 'laptop');
    const phone = await device(me, 'phone');
    const made = await phone.client.from('notebooks').insert({ name: 'Phone notes' }).select('id');
    expect(made.error).toBeNull();
    const notebookId = (made.data as { id: string }[])[0]!.id;
    await phone.client.storage
      .from('attachments')
      .upload(`${notebookId}/${crypto.randomUUID()}/a.txt`, 'words');
    expect((await phone.client.from('notebooks').select('id')).data).toHaveLength(1);

    // "Sign out of other devices" on the laptop.
    expect((await laptop.client.auth.signOut({ scope: 'others' })).error).toBeNull();

    // The phone's access token has not expired, but its session is gone: nothing reads or writes.
    expect((await phone.client.from('notebooks').select('id')).data).toEqual([]);
    const write = await phone.client.from('notebooks').insert({ name: 'After' });
    expect(write.error?.code).toBe('42501');
    const rename = await phone.client
      .from('notebooks')
      .update({ name: 'Renamed' })
      .eq('id', notebookId)
      .select('id');
    expect(rename.data).toEqual([]);
    const listed = await phone.client.storage.from('attachments').list(notebookId);
    expect(listed.data ?? []).toEqual([]);
    expect((await phone.client.rpc('my_sessions')).data).toEqual([]);
    expect((await phone.client.rpc('touch_my_session')).data).toBe(false);
    // Auth says the same.
    const token = (await phone.client.auth.getSession()).data.session!.access_token;
    const user = await fetch(`${stack.url}/auth/v1/user`, {
      headers: { apikey: stack.keys.anonKey, Authorization: `Bearer ${token}` },
    });
    expect(user.status).toBe(403);
    expect(await user.json()).toMatchObject({ error_code: 'session_not_found' });

    // The laptop, whose session stands, still reads the notebook.
    expect((await laptop.client.from('notebooks').select('name')).data).toEqual([
      { name: 'Phone notes' },
    ]);
    expect((await laptop.client.rpc('touch_my_session')).data).toBe(true);
  });

  it('moves "last active" as the session is used: a token refresh, and reported activity', async () => {
    const me = await account('active');
    const laptop = await device(me, 'laptop/1');
    const phone = await device(me, 'phone');
    const lastActive = async () =>
      new Date(
        (await sessionsOf(phone.client)).find((r) => r.id === laptop.sessionId)!.last_active_at,
      ).getTime();
    const signedIn = await lastActive();

    // A refresh from another user agent: Auth records when and from where.
    await stack.db.query(
      `update auth.sessions set created_at = created_at - interval '1 hour',
         updated_at = updated_at - interval '1 hour' where id = $1`,
      [laptop.sessionId],
    );
    const moved = clientFor(stack.url, stack.keys.anonKey, {
      headers: { 'User-Agent': 'laptop/2' },
    });
    const refreshed = await moved.auth.refreshSession({ refresh_token: laptop.refreshToken });
    expect(refreshed.error).toBeNull();
    const row = (await sessionsOf(phone.client)).find((r) => r.id === laptop.sessionId)!;
    expect(row.user_agent).toBe('laptop/2');
    expect(new Date(row.last_active_at).getTime()).toBeGreaterThanOrEqual(signedIn);
    const { rows } = await stack.db.query<{ refreshed: boolean; updated_moved: boolean }>(
      `select refreshed_at is not null as refreshed,
         updated_at > now() - interval '30 minutes' as updated_moved
       from auth.sessions where id = $1`,
      [laptop.sessionId],
    );
    // As hosted Auth: refreshed_at, user_agent and ip move; updated_at does not.
    expect(rows[0]).toEqual({ refreshed: true, updated_moved: false });

    // Activity the app reports moves it too — at most one write a minute.
    await stack.db.query(
      `update auth.sessions set refreshed_at = refreshed_at - interval '1 hour' where id = $1`,
      [laptop.sessionId],
    );
    const before = await lastActive();
    expect((await moved.rpc('touch_my_session')).data).toBe(true);
    const after = await lastActive();
    expect(after).toBeGreaterThan(before);
    expect((await moved.rpc('touch_my_session')).data).toBe(true);
    expect(await lastActive()).toBe(after);
    await stack.db.query(
      `update public.session_activity set last_active_at = last_active_at - interval '2 minutes'
       where session_id = $1`,
      [laptop.sessionId],
    );
    expect((await moved.rpc('touch_my_session')).data).toBe(true);
    expect(await lastActive()).toBeGreaterThanOrEqual(after);
  });

  it('is closed to anonymous callers', async () => {
    const anon = clientFor(stack.url, stack.keys.anonKey);
    expect((await anon.rpc('my_sessions')).error).not.toBeNull();
    expect(
      (await anon.rpc('end_my_session', { session: crypto.randomUUID() })).error,
    ).not.toBeNull();
    expect((await anon.rpc('touch_my_session')).error).not.toBeNull();
    expect((await anon.from('session_activity').select('*')).error).not.toBeNull();
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
