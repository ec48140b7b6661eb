import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { decodeJwt, decodeProtectedHeader } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DRIVERS,
  createTestDatabase,
  makeWorkdir,
  startTestStack,
  type TestStack,
} from '../support/stack.ts';
import { client, inbox, raw, uniqueEmail } from './helpers.ts';

describe.each(DRIVERS)('auth sessions on %s', (driver) => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack({
      driver,
      config: '[auth]\nsite_url = "http://localhost:3000"\nenable_anonymous_sign_ins = true\n',
    });
  });
  afterAll(() => stack?.close());

  it('signs up, signs in, refreshes, gets the user and signs out with supabase-js', async () => {
    const c = client(stack);
    const email = uniqueEmail();
    const signUp = await c.auth.signUp({
      email,
      password: 'secret-password',
      options: { data: { name: 'Ada' } },
    });
    expect(signUp.error).toBeNull();
    expect(signUp.data.session?.access_token).toBeTruthy();
    const user = signUp.data.user!;
    expect(user.email).toBe(email);
    expect(user.user_metadata).toMatchObject({
      name: 'Ada',
      email,
      email_verified: true,
      sub: user.id,
    });
    expect(user.app_metadata).toEqual({ provider: 'email', providers: ['email'] });
    expect(user.identities?.[0]).toMatchObject({
      provider: 'email',
      id: user.id,
      user_id: user.id,
    });
    expect(user.email_confirmed_at).toBeTruthy();

    const signIn = await c.auth.signInWithPassword({ email, password: 'secret-password' });
    expect(signIn.error).toBeNull();
    const session = signIn.data.session!;
    expect(session.token_type).toBe('bearer');
    expect(session.expires_in).toBe(3600);
    const claims = decodeJwt(session.access_token);
    expect(decodeProtectedHeader(session.access_token)).toMatchObject({ alg: 'ES256', typ: 'JWT' });
    expect(claims).toMatchObject({
      iss: `${stack.url}/auth/v1`,
      sub: user.id,
      aud: 'authenticated',
      email,
      phone: '',
      role: 'authenticated',
      aal: 'aal1',
      is_anonymous: false,
      app_metadata: { provider: 'email', providers: ['email'] },
    });
    expect(claims.exp! - claims.iat!).toBe(3600);
    expect((claims.amr as { method: string }[])[0]!.method).toBe('password');
    expect(typeof claims.session_id).toBe('string');

    const got = await c.auth.getUser();
    expect(got.error).toBeNull();
    expect(got.data.user?.id).toBe(user.id);

    const refreshed = await c.auth.refreshSession();
    expect(refreshed.error).toBeNull();
    expect(refreshed.data.session?.refresh_token).not.toBe(session.refresh_token);
    expect(decodeJwt(refreshed.data.session!.access_token).session_id).toBe(claims.session_id);

    const out = await c.auth.signOut();
    expect(out.error).toBeNull();
    const after = await raw(stack, 'GET', '/user', {
      bearer: refreshed.data.session!.access_token,
    });
    expect(after.status).toBe(403);
    expect(after.body).toMatchObject({ code: 403, error_code: 'session_not_found' });
    const reuse = await raw(stack, 'POST', '/token?grant_type=refresh_token', {
      body: { refresh_token: refreshed.data.session!.refresh_token },
    });
    expect(reuse.body.error_code).toBe('refresh_token_not_found');
  });

  it('stores users, identities, sessions and refresh tokens as Supabase does', async () => {
    const email = uniqueEmail('rows');
    const { data } = await client(stack).auth.signUp({ email, password: 'secret-password' });
    const { rows } = await stack.db.query<{
      encrypted_password: string;
      aud: string;
      role: string;
    }>('select encrypted_password, aud, role from auth.users where id = $1', [data.user!.id]);
    expect(rows[0]!.encrypted_password).toMatch(/^\$2[aby]\$10\$/);
    expect(rows[0]).toMatchObject({ aud: 'authenticated', role: 'authenticated' });
    const sessions = await stack.db.query('select * from auth.sessions where user_id = $1', [
      data.user!.id,
    ]);
    expect(sessions.rowCount).toBe(1);
    const tokens = await stack.db.query<{ user_id: string; revoked: boolean }>(
      'select user_id, revoked from auth.refresh_tokens where token = $1',
      [data.session!.refresh_token],
    );
    expect(tokens.rows).toEqual([{ user_id: data.user!.id, revoked: false }]);
    const audit = await stack.db.query<{
      payload: { action: string; log_type: string; actor_username: string };
    }>(
      `select payload from auth.audit_log_entries where payload ->> 'actor_id' = $1 order by created_at`,
      [data.user!.id],
    );
    expect(audit.rows.map((r) => r.payload.action)).toEqual(['user_signedup', 'login']);
    expect(audit.rows[1]!.payload).toMatchObject({ log_type: 'account', actor_username: email });
  });

  it('refuses a wrong password, a duplicate email and a weak password with Supabase errors', async () => {
    const c = client(stack);
    const email = uniqueEmail('errs');
    await c.auth.signUp({ email, password: 'secret-password' });
    const wrong = await c.auth.signInWithPassword({ email, password: 'nope-nope' });
    expect(wrong.error?.status).toBe(400);
    expect(wrong.error?.code).toBe('invalid_credentials');
    expect(wrong.error?.message).toBe('Invalid login credentials');
    const unknown = await c.auth.signInWithPassword({
      email: uniqueEmail('x'),
      password: 'whatever1',
    });
    expect(unknown.error?.code).toBe('invalid_credentials');

    const dup = await c.auth.signUp({ email, password: 'secret-password' });
    expect(dup.error?.status).toBe(422);
    expect(dup.error?.code).toBe('user_already_exists');

    const weak = await raw(stack, 'POST', '/signup', {
      body: { email: uniqueEmail(), password: '123' },
    });
    expect(weak.status).toBe(422);
    expect(weak.body).toEqual({
      code: 422,
      error_code: 'weak_password',
      msg: 'Password should be at least 6 characters.',
      weak_password: { reasons: ['length'] },
    });
    const viaJs = await c.auth.signUp({ email: uniqueEmail(), password: '123' });
    expect(viaJs.error?.name).toBe('AuthWeakPasswordError');
  });

  it('reports a password that no longer meets the rules on sign-in', async () => {
    const email = uniqueEmail('oldpw');
    const { data } = await client(stack).auth.signUp({ email, password: 'secret-password' });
    const bcrypt = (await import('bcryptjs')).default;
    await stack.db.query('update auth.users set encrypted_password = $2 where id = $1', [
      data.user!.id,
      await bcrypt.hash('abc', 10),
    ]);
    const res = await client(stack).auth.signInWithPassword({ email, password: 'abc' });
    expect(res.error).toBeNull();
    expect(res.data.weakPassword).toEqual({
      reasons: ['length'],
      message: 'Password should be at least 6 characters.',
    });
  });

  it('answers malformed requests with bad_json / validation_failed, never 500', async () => {
    const notJson = await raw(stack, 'POST', '/signup', { rawBody: '{"email":' });
    expect(notJson.status).toBe(400);
    expect(notJson.body.error_code).toBe('bad_json');
    const wrongType = await raw(stack, 'POST', '/token?grant_type=password', {
      body: { email: 42, password: 'x' },
    });
    expect(wrongType.body).toMatchObject({ code: 400, error_code: 'bad_json' });
    const huge = await raw(stack, 'POST', '/signup', {
      body: { email: `${'a'.repeat(300)}@example.com`, password: 'secret-password' },
    });
    expect(huge.body).toMatchObject({ code: 400, error_code: 'validation_failed' });
    const noPassword = await raw(stack, 'POST', '/signup', { body: { email: uniqueEmail() } });
    expect(noPassword.body).toMatchObject({ code: 400, error_code: 'validation_failed' });
    const both = await raw(stack, 'POST', '/signup', {
      body: { email: uniqueEmail(), phone: '15551234567', password: 'secret-password' },
    });
    expect(both.body.error_code).toBe('validation_failed');
    const missing = await raw(stack, 'POST', '/token?grant_type=password', {
      body: { password: 'x' },
    });
    expect(missing.body).toMatchObject({
      code: 400,
      error_code: 'validation_failed',
      msg: 'missing email or phone',
    });
    const longPassword = await raw(stack, 'POST', '/signup', {
      body: { email: uniqueEmail(), password: 'p'.repeat(100) },
    });
    expect(longPassword.body.error_code).toBe('validation_failed');
    const array = await raw(stack, 'POST', '/signup', { rawBody: '[1,2]' });
    expect(array.body.error_code).toBe('bad_json');
  });

  it('answers in the 2024-01-01 error shape when the client asks for it, as auth-js does', async () => {
    const res = await raw(stack, 'POST', '/token?grant_type=password', {
      body: { email: uniqueEmail('v'), password: 'nope-nope' },
      headers: { 'x-supabase-api-version': '2024-01-01' },
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ code: 'invalid_credentials', message: 'Invalid login credentials' });
    expect(res.headers.get('x-supabase-api-version')).toBe('2024-01-01');
    expect(res.headers.get('x-sb-error-code')).toBe('invalid_credentials');
    const weak = await raw(stack, 'POST', '/signup', {
      body: { email: uniqueEmail(), password: '1' },
      headers: { 'x-supabase-api-version': '2025-06-01' },
    });
    expect(weak.body).toEqual({
      code: 'weak_password',
      message: 'Password should be at least 6 characters.',
      weak_password: { reasons: ['length'] },
    });
    const old = await raw(stack, 'POST', '/signup', {
      body: { email: uniqueEmail(), password: '1' },
      headers: { 'x-supabase-api-version': 'not-a-date' },
    });
    expect(old.body).toMatchObject({ code: 422, error_code: 'weak_password' });
  });

  it('answers bad bearer tokens with no_authorization and bad_jwt', async () => {
    const none = await fetch(`${stack.url}/auth/v1/user`, {
      headers: { apikey: stack.keys.anonKey },
    });
    expect(none.status).toBe(401);
    expect(await none.json()).toMatchObject({ code: 401, error_code: 'no_authorization' });
    const bad = await raw(stack, 'GET', '/user', { bearer: 'a.b.c' });
    expect(bad.status).toBe(403);
    expect(bad.body.error_code).toBe('bad_jwt');
    const anonKey = await raw(stack, 'GET', '/user');
    expect(anonKey.status).toBe(403);
    expect(anonKey.body).toMatchObject({
      error_code: 'bad_jwt',
      msg: 'invalid claim: missing sub claim',
    });
  });

  it('serves settings, health and the JWKS', async () => {
    const settings = await raw(stack, 'GET', '/settings');
    expect(settings.body).toMatchObject({
      disable_signup: false,
      mailer_autoconfirm: true,
      phone_autoconfirm: true,
      external: { email: true, phone: false, google: false },
    });
    const health = await fetch(`${stack.url}/auth/v1/health`);
    expect(health.status).toBe(200);
    const jwks = (await (await fetch(`${stack.url}/auth/v1/.well-known/jwks.json`)).json()) as {
      keys: { kty: string; kid: string }[];
    };
    expect(jwks.keys[0]).toMatchObject({ kty: 'EC' });
  });

  it('signs in anonymously and turns the user into an email user', async () => {
    const c = client(stack);
    const anon = await c.auth.signInAnonymously({ options: { data: { nickname: 'fox' } } });
    expect(anon.error).toBeNull();
    expect(anon.data.user).toMatchObject({
      is_anonymous: true,
      email: '',
      identities: [],
      app_metadata: {},
    });
    const claims = decodeJwt(anon.data.session!.access_token);
    expect(claims).toMatchObject({ is_anonymous: true, role: 'authenticated' });
    expect((claims.amr as { method: string }[])[0]!.method).toBe('anonymous');
    const email = uniqueEmail('upgrade');
    const upgraded = await c.auth.updateUser({ email });
    expect(upgraded.error).toBeNull();
    expect(upgraded.data.user).toMatchObject({ email, is_anonymous: false });
    expect((await c.auth.updateUser({ password: 'secret-password' })).error).toBeNull();
    expect(
      (await client(stack).auth.signInWithPassword({ email, password: 'secret-password' })).error,
    ).toBeNull();
  });

  it('keeps the inbox empty when confirmations are off', async () => {
    const email = uniqueEmail('quiet');
    await client(stack).auth.signUp({ email, password: 'secret-password' });
    expect(await inbox(stack, email)).toEqual([]);
  });
});

describe.each(DRIVERS)('email confirmations on %s', (driver) => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack({
      driver,
      config:
        '[auth]\nsite_url = "http://localhost:3000"\n[auth.email]\nenable_confirmations = true\nmax_frequency = "0s"\n[auth.rate_limit]\nemail_sent = 100\n',
    });
  });
  afterAll(() => stack?.close());

  it('sends a confirmation email, returns no session, and refuses sign-in until confirmed', async () => {
    const c = client(stack);
    const email = uniqueEmail('confirm');
    const { data, error } = await c.auth.signUp({ email, password: 'secret-password' });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    expect(data.user?.email).toBe(email);
    expect(data.user?.confirmation_sent_at).toBeTruthy();
    expect(data.user?.email_confirmed_at).toBeUndefined();
    const [message] = await inbox(stack, email);
    expect(message).toMatchObject({
      to: email,
      subject: 'Confirm Your Signup',
      kind: 'confirmation',
    });
    expect(message!.code).toMatch(/^\d{6}$/);
    expect(message!.link).toContain(`${stack.url}/auth/v1/verify?token=`);
    expect(message!.link).toContain('type=signup');
    expect(message!.text).toContain(message!.code!);

    const signIn = await c.auth.signInWithPassword({ email, password: 'secret-password' });
    expect(signIn.error?.code).toBe('email_not_confirmed');
    expect(signIn.error?.status).toBe(400);
  });

  it('does not reveal an existing confirmed account on sign-up', async () => {
    const email = uniqueEmail('hidden');
    await client(stack).auth.signUp({ email, password: 'secret-password' });
    await stack.db.query(`update auth.users set email_confirmed_at = now() where email = $1`, [
      email,
    ]);
    const again = await client(stack).auth.signUp({ email, password: 'other-password' });
    expect(again.error).toBeNull();
    expect(again.data.session).toBeNull();
    expect(again.data.user?.email).toBe(email);
    expect(again.data.user?.identities).toEqual([]);
    const real = await stack.db.query<{ id: string }>(
      'select id from auth.users where email = $1',
      [email],
    );
    expect(again.data.user?.id).not.toBe(real.rows[0]!.id);
  });
});

describe.each(DRIVERS)('auth persistence on %s', (driver) => {
  it('keeps users across a restart', async () => {
    const workdir = makeWorkdir({});
    const dataDir =
      driver === 'pglite' ? mkdtempSync(path.join(os.tmpdir(), 'sheaf-auth-')) : undefined;
    const database = driver === 'postgres' ? await createTestDatabase() : undefined;
    const options = { driver, workdir, dataDir, databaseUrl: database?.url } as const;
    const email = uniqueEmail('persist');
    let stack = await startTestStack(options);
    const first = await client(stack).auth.signUp({ email, password: 'secret-password' });
    expect(first.error).toBeNull();
    await stack.stop();
    stack = await startTestStack(options);
    const again = await client(stack).auth.signInWithPassword({
      email,
      password: 'secret-password',
    });
    expect(again.error).toBeNull();
    expect(again.data.user?.id).toBe(first.data.user!.id);
    const refreshed = await client(stack).auth.refreshSession({
      refresh_token: first.data.session!.refresh_token,
    });
    expect(refreshed.error).toBeNull();
    await stack.stop();
    await database?.drop();
    rmSync(path.dirname(workdir), { recursive: true, force: true });
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });
});
