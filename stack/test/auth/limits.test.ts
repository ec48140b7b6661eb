import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIVERS, startTestStack, type TestStack } from '../support/stack.ts';
import { client, latest, raw, uniqueEmail } from './helpers.ts';

describe.each(DRIVERS)('auth sessions, reuse and scopes on %s', (driver) => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack({
      driver,
      config: `[auth]\nsite_url = "http://localhost:3000"\n[auth.sessions]\ntimebox = "1h"\ninactivity_timeout = "30m"\n[auth.email]\nsecure_password_change = true\nmax_frequency = "0s"\n[auth.rate_limit]\nemail_sent = 100\n`,
    });
  });
  afterAll(() => stack?.close());

  async function session(email = uniqueEmail('s')) {
    const c = client(stack);
    const { data } = await c.auth.signUp({ email, password: 'secret-password' });
    return { c, email, session: data.session!, user: data.user! };
  }

  it('records sessions whatever X-Forwarded-For says', async () => {
    for (const value of ['abc', '1.2.3.4:5678', '2001:db8::1']) {
      const res = await raw(stack, 'POST', '/signup', {
        body: { email: uniqueEmail('xff'), password: 'secret-password' },
        headers: { 'x-forwarded-for': value },
      });
      expect(res.status).toBe(200);
    }
  });

  it('returns the current pair for a reused token inside the reuse interval', async () => {
    const { session: s } = await session();
    const first = await raw(stack, 'POST', '/token?grant_type=refresh_token', {
      body: { refresh_token: s.refresh_token },
    });
    expect(first.status).toBe(200);
    const again = await raw(stack, 'POST', '/token?grant_type=refresh_token', {
      body: { refresh_token: s.refresh_token },
    });
    expect(again.status).toBe(200);
    expect(again.body.refresh_token).toBe(first.body.refresh_token);
  });

  it('revokes the session for a reused token outside the reuse interval', async () => {
    const { session: s } = await session();
    const first = await raw(stack, 'POST', '/token?grant_type=refresh_token', {
      body: { refresh_token: s.refresh_token },
    });
    const second = await raw(stack, 'POST', '/token?grant_type=refresh_token', {
      body: { refresh_token: first.body.refresh_token },
    });
    expect(second.status).toBe(200);
    await stack.db.query(
      `update auth.refresh_tokens set updated_at = now() - interval '1 minute' where token = $1`,
      [s.refresh_token],
    );
    const reuse = await raw(stack, 'POST', '/token?grant_type=refresh_token', {
      body: { refresh_token: s.refresh_token },
    });
    expect(reuse.body).toMatchObject({
      code: 400,
      error_code: 'refresh_token_already_used',
      msg: 'Invalid Refresh Token: Already Used',
    });
    const current = await raw(stack, 'POST', '/token?grant_type=refresh_token', {
      body: { refresh_token: second.body.refresh_token },
    });
    expect(current.body.error_code).toBe('refresh_token_not_found');
    const user = await raw(stack, 'GET', '/user', { bearer: second.body.access_token as string });
    expect(user.body.error_code).toBe('session_not_found');
    const missing = await raw(stack, 'POST', '/token?grant_type=refresh_token', { body: {} });
    expect(missing.body).toMatchObject({ error: 'invalid_request' });
  });

  it('ends sessions past the timebox with session_expired', async () => {
    const { session: s } = await session();
    await stack.db.query(
      `update auth.sessions set created_at = now() - interval '2 hours' where id = (select session_id from auth.refresh_tokens where token = $1)`,
      [s.refresh_token],
    );
    const res = await raw(stack, 'POST', '/token?grant_type=refresh_token', {
      body: { refresh_token: s.refresh_token },
    });
    expect(res.body).toMatchObject({ code: 400, error_code: 'session_expired' });
  });

  it('ends sessions idle past the inactivity timeout with session_expired', async () => {
    const { session: s } = await session();
    await stack.db.query(
      `update auth.sessions set updated_at = now() - interval '40 minutes', refreshed_at = null
       where id = (select session_id from auth.refresh_tokens where token = $1)`,
      [s.refresh_token],
    );
    const res = await raw(stack, 'POST', '/token?grant_type=refresh_token', {
      body: { refresh_token: s.refresh_token },
    });
    expect(res.body).toMatchObject({ code: 400, error_code: 'session_expired' });
  });

  it('signs out locally, others and globally', async () => {
    const email = uniqueEmail('scopes');
    const a = (await session(email)).c;
    const b = client(stack);
    const c = client(stack);
    await b.auth.signInWithPassword({ email, password: 'secret-password' });
    await c.auth.signInWithPassword({ email, password: 'secret-password' });
    const count = async () =>
      Number(
        (
          await stack.db.query<{ n: string }>(
            `select count(*)::text as n from auth.sessions s join auth.users u on u.id = s.user_id where u.email = $1`,
            [email],
          )
        ).rows[0]!.n,
      );
    expect(await count()).toBe(3);
    expect((await a.auth.signOut({ scope: 'local' })).error).toBeNull();
    expect(await count()).toBe(2);
    expect((await b.auth.signOut({ scope: 'others' })).error).toBeNull();
    expect(await count()).toBe(1);
    const d = client(stack);
    await d.auth.signInWithPassword({ email, password: 'secret-password' });
    expect((await d.auth.signOut()).error).toBeNull();
    expect(await count()).toBe(0);
    const bad = await raw(stack, 'POST', '/logout?scope=nope', { bearer: 'x' });
    expect(bad.body.error_code).toBe('validation_failed');
  });

  it('needs a reauthentication nonce for old sessions under secure_password_change', async () => {
    const { c, email, session: s } = await session();
    await stack.db.query(
      `update auth.sessions set created_at = now() - interval '30 hours' where id = (select session_id from auth.refresh_tokens where token = $1)`,
      [s.refresh_token],
    );
    const need = await c.auth.updateUser({ password: 'brand-new-password' });
    expect(need.error?.code).toBe('reauthentication_needed');
    expect(need.error?.status).toBe(400);
    expect((await c.auth.reauthenticate()).error).toBeNull();
    const mail = await latest(stack, email);
    expect(mail.subject).toBe('Confirm reauthentication');
    const wrong = await c.auth.updateUser({ password: 'brand-new-password', nonce: '000000' });
    expect(wrong.error?.code).toBe('reauthentication_not_valid');
    const ok = await c.auth.updateUser({ password: 'brand-new-password', nonce: mail.code! });
    expect(ok.error).toBeNull();
    expect(
      (await client(stack).auth.signInWithPassword({ email, password: 'brand-new-password' }))
        .error,
    ).toBeNull();
  });

  it('answers tokens of deleted users with user_not_found and unknown grants with invalid_credentials', async () => {
    const { session: s, user } = await session();
    await stack.db.query('delete from auth.users where id = $1', [user.id]);
    const res = await raw(stack, 'GET', '/user', { bearer: s.access_token });
    expect(res.body).toMatchObject({ code: 403, error_code: 'user_not_found' });
    const grant = await raw(stack, 'POST', '/token?grant_type=magic', { body: {} });
    expect(grant.body).toMatchObject({
      code: 400,
      error_code: 'invalid_credentials',
      msg: 'unsupported_grant_type',
    });
  });
});

describe.each(DRIVERS)('auth limits on %s', (driver) => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack({
      driver,
      // These tests stand behind a local proxy that names each client in X-Forwarded-For.
      trustedProxies: ['127.0.0.1', '::1'],
      config: `
[auth]
site_url = "http://localhost:3000"
[auth.email]
enable_confirmations = true
max_frequency = "60s"
[auth.sms]
enable_signup = true
enable_confirmations = true
max_frequency = "0s"
[auth.rate_limit]
email_sent = 3
sms_sent = 1
sign_in_sign_ups = 6
token_refresh = 2
token_verifications = 3
`,
    });
  });
  afterAll(() => stack?.close());
  const from = (ip: string) => ({ 'x-forwarded-for': ip });

  it('accepts any X-Forwarded-For value without failing', async () => {
    for (const value of ['1.2.3.4:5678', 'abc', 'not an ip, 10.0.0.1', '::1'])
      expect(
        (
          await raw(stack, 'POST', '/token?grant_type=password', {
            body: { email: 'x@example.com', password: 'y' },
            headers: { 'x-forwarded-for': value },
          })
        ).body.error_code,
      ).toBe('invalid_credentials');
    const email = uniqueEmail('xff');
    const up = await raw(stack, 'POST', '/signup', {
      body: { email, password: 'secret-password' },
      headers: { 'x-forwarded-for': 'abc' },
    });
    expect(up.status).toBe(200);
  });

  it('limits sends to one address with max_frequency', async () => {
    const email = uniqueEmail('freq');
    const up = await raw(stack, 'POST', '/signup', {
      body: { email, password: 'secret-password' },
      headers: from('10.0.0.1'),
    });
    expect(up.status).toBe(200);
    const again = await raw(stack, 'POST', '/resend', {
      body: { type: 'signup', email },
      headers: from('10.0.0.1'),
    });
    expect(again.status).toBe(429);
    expect(again.body.error_code).toBe('over_email_send_rate_limit');
    expect(again.body.msg).toMatch(
      /^For security purposes, you can only request this after \d+ seconds\.$/,
    );
  });

  it('limits emails sent per client address', async () => {
    for (let i = 0; i < 3; i++) {
      const res = await raw(stack, 'POST', '/signup', {
        body: { email: uniqueEmail('rl'), password: 'secret-password' },
        headers: from('10.0.0.2'),
      });
      expect(res.status).toBe(200);
    }
    const over = await raw(stack, 'POST', '/signup', {
      body: { email: uniqueEmail('rl'), password: 'secret-password' },
      headers: from('10.0.0.2'),
    });
    expect(over.status).toBe(429);
    expect(over.body).toMatchObject({
      code: 429,
      error_code: 'over_email_send_rate_limit',
      msg: 'email rate limit exceeded',
    });
    const other = await raw(stack, 'POST', '/signup', {
      body: { email: uniqueEmail('rl'), password: 'secret-password' },
      headers: from('10.0.0.3'),
    });
    expect(other.status).toBe(200);
  });

  it('limits SMS sent per client address', async () => {
    const one = await raw(stack, 'POST', '/otp', {
      body: { phone: '+15552220001' },
      headers: from('10.0.1.1'),
    });
    expect(one.status).toBe(200);
    const two = await raw(stack, 'POST', '/otp', {
      body: { phone: '+15552220002' },
      headers: from('10.0.1.1'),
    });
    expect(two.body).toMatchObject({ code: 429, error_code: 'over_sms_send_rate_limit' });
  });

  it('limits /token calls (token_refresh), sign-ups and emails requests (sign_in_sign_ups) and verifications', async () => {
    const signIn = () =>
      raw(stack, 'POST', '/token?grant_type=password', {
        body: { email: 'nobody@example.com', password: 'x' },
        headers: from('10.0.2.1'),
      });
    for (let i = 0; i < 2; i++)
      expect((await signIn()).body.error_code).toBe('invalid_credentials');
    const over = await signIn();
    expect(over.status).toBe(429);
    expect(over.body.error_code).toBe('over_request_rate_limit');
    const refresh = await raw(stack, 'POST', '/token?grant_type=refresh_token', {
      body: { refresh_token: 'nope' },
      headers: from('10.0.2.1'),
    });
    expect(refresh.body.error_code).toBe('over_request_rate_limit');
    const recover = () =>
      raw(stack, 'POST', '/recover', {
        body: { email: uniqueEmail('nobody') },
        headers: from('10.0.2.2'),
      });
    for (let i = 0; i < 6; i++) expect((await recover()).status).toBe(200);
    expect((await recover()).body.error_code).toBe('over_request_rate_limit');
    const verify = () =>
      raw(stack, 'POST', '/verify', {
        body: { type: 'signup', token_hash: 'nope' },
        headers: from('10.0.2.3'),
      });
    for (let i = 0; i < 3; i++) expect((await verify()).body.error_code).toBe('otp_expired');
    expect((await verify()).body.error_code).toBe('over_request_rate_limit');
  });
});

describe.each(DRIVERS)('auth with sign-ups disabled on %s', (driver) => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack({
      driver,
      config: `[auth]\nenable_signup = false\n[auth.email]\nenable_signup = false\n`,
    });
  });
  afterAll(() => stack?.close());

  it('refuses sign-up, email and phone logins with the Supabase codes', async () => {
    const c = client(stack);
    const up = await c.auth.signUp({ email: uniqueEmail(), password: 'secret-password' });
    expect(up.error?.code).toBe('signup_disabled');
    expect(up.error?.status).toBe(422);
    const login = await raw(stack, 'POST', '/token?grant_type=password', {
      body: { email: uniqueEmail(), password: 'x' },
    });
    expect(login.body).toMatchObject({ code: 422, error_code: 'email_provider_disabled' });
    const phone = await raw(stack, 'POST', '/token?grant_type=password', {
      body: { phone: '+15551234567', password: 'x' },
    });
    expect(phone.body).toMatchObject({ code: 422, error_code: 'phone_provider_disabled' });
    const anonymous = await c.auth.signInAnonymously();
    expect(anonymous.error?.code).toBe('anonymous_provider_disabled');
    const settings = await raw(stack, 'GET', '/settings');
    expect(settings.body).toMatchObject({ disable_signup: true, external: { email: false } });
  });
});
