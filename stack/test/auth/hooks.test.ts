// Supabase Auth hooks through the real stack, on both drivers and both transports: a Postgres
// function (made with SQL in the test) and a real HTTP endpoint that checks the Standard Webhooks
// signature. Each hook's happy path, its own rejection, and what a broken hook answers.
import { createHash } from 'node:crypto';
import { decodeJwt } from 'jose';
import * as OTPAuth from 'otpauth';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DRIVERS, startTestStack, type Driver, type TestStack } from '../support/stack.ts';
import { newHookSecret, startHookServer, type Behaviour, type HookServer } from './hook-server.ts';
import { client, inbox, raw, uniqueEmail } from './helpers.ts';

const HOOKS = [
  'custom_access_token',
  'before_user_created',
  'send_email',
  'send_sms',
  'mfa_verification_attempt',
  'password_verification_attempt',
] as const;
type Hook = (typeof HOOKS)[number];
type Transport = 'http' | 'pg';

const BASE = `
[auth]
site_url = "http://localhost:3000"
enable_anonymous_sign_ins = true
[auth.email]
max_frequency = "0s"
[auth.sms]
enable_signup = true
max_frequency = "0s"
[auth.rate_limit]
email_sent = 1000
sms_sent = 1000
sign_in_sign_ups = 1000
anonymous_users = 1000
token_verifications = 1000
[auth.mfa.totp]
enroll_enabled = true
verify_enabled = true
`;

function hookConfig(transport: Transport, server?: HookServer): string {
  return HOOKS.map((hook) =>
    transport === 'pg'
      ? `[auth.hook.${hook}]\nenabled = true\nuri = "pg-functions://postgres/public/hook_${hook}"\n`
      : `[auth.hook.${hook}]\nenabled = true\nuri = "${server!.url}/hooks/${hook}"\nsecrets = "${server!.secret}"\n`,
  ).join('');
}

/** The table the Postgres hooks record their payloads in (a migration of the test project). */
const CALLS_TABLE = `
create table public.hook_calls (id bigserial primary key, hook text not null, payload jsonb);
grant insert, select on public.hook_calls to supabase_auth_admin;
grant usage on sequence public.hook_calls_id_seq to supabase_auth_admin;
`;

/** How a test drives the hooks of either transport. */
interface Hooks {
  /** The hook answers this JSON. */
  answer(hook: Hook, json: unknown): Promise<void>;
  /** The access token hook adds `extra` to the claims and removes `drop`. */
  claims(extra: Record<string, unknown>, drop?: string): Promise<void>;
  /** The hook answers something that is not JSON. */
  garbage(hook: Hook): Promise<void>;
  /** The hook takes longer than Supabase Auth waits. */
  slow(hook: Hook): Promise<void>;
  /** The payloads the hook was sent, oldest first. */
  calls(hook: Hook): Promise<Record<string, unknown>[]>;
  reset(): Promise<void>;
}

function httpHooks(server: HookServer): Hooks {
  const set = async (hook: Hook, b: Behaviour) => server.on(hook, b);
  return {
    answer: (hook, json) => set(hook, () => ({ body: json })),
    claims: (extra, drop) =>
      set('custom_access_token', (p) => {
        const claims = { ...(p.claims as Record<string, unknown>), ...extra };
        if (drop) delete claims[drop];
        return { body: { claims } };
      }),
    garbage: (hook) => set(hook, () => ({ raw: '<html>not json' })),
    slow: (hook) => set(hook, () => ({ delayMs: 6000, body: {} })),
    calls: async (hook) => server.calls.filter((c) => c.hook === hook).map((c) => c.payload),
    reset: async () => server.reset(),
  };
}

function pgHooks(stack: TestStack): Hooks {
  const define = async (hook: Hook, body: string, returns = 'jsonb') =>
    stack.db.exec(`
      drop function if exists public.hook_${hook}(jsonb);
      create function public.hook_${hook}(event jsonb) returns ${returns} language plpgsql as $fn$
      begin
        insert into public.hook_calls (hook, payload) values ('${hook}', event);
        ${body}
      end $fn$;
      grant execute on function public.hook_${hook}(jsonb) to supabase_auth_admin;
      revoke execute on function public.hook_${hook}(jsonb) from authenticated, anon, public;
    `);
  const literal = (json: unknown) => `'${JSON.stringify(json).replace(/'/g, "''")}'::jsonb`;
  return {
    answer: (hook, json) => define(hook, `return ${literal(json)};`),
    claims: (extra, drop) =>
      define(
        'custom_access_token',
        `return jsonb_build_object('claims', ((event->'claims') || ${literal(extra)})${drop ? ` - '${drop}'` : ''});`,
      ),
    garbage: (hook) => define(hook, `return '<html>not json';`, 'text'),
    slow: (hook) => define(hook, `perform pg_sleep(4); return '{}'::jsonb;`),
    calls: async (hook) =>
      (
        await stack.db.query<{ payload: Record<string, unknown> }>(
          'select payload from public.hook_calls where hook = $1 order by id',
          [hook],
        )
      ).rows.map((r) => r.payload),
    async reset() {
      await stack.db.exec('truncate public.hook_calls');
      for (const hook of HOOKS)
        await define(
          hook,
          hook === 'custom_access_token'
            ? `return jsonb_build_object('claims', event->'claims');`
            : `return '{}'::jsonb;`,
        );
    },
  };
}

const PASSWORD = 'secret-password';
const newPhone = () =>
  `1555${Math.floor(Math.random() * 1e7)
    .toString()
    .padStart(7, '0')}`;
const totpCode = (secret: string) =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30 }).generate();

const COMBOS: [Driver, Transport][] = DRIVERS.flatMap((d) => [
  [d, 'http'],
  [d, 'pg'],
]);

describe.each(COMBOS)('auth hooks on %s over %s', (driver, transport) => {
  let stack: TestStack;
  let server: HookServer | undefined;
  let hooks: Hooks;
  beforeAll(async () => {
    if (transport === 'http') server = await startHookServer();
    stack = await startTestStack({
      driver,
      config: BASE + hookConfig(transport, server),
      migrations: transport === 'pg' ? { '20261129110000_hook_calls.sql': CALLS_TABLE } : {},
    });
    hooks = transport === 'http' ? httpHooks(server!) : pgHooks(stack);
    await hooks.reset();
  });
  afterEach(() => hooks.reset());
  afterAll(async () => {
    await stack?.close();
    await server?.close();
  });

  async function signedUp() {
    const c = client(stack);
    const email = uniqueEmail('hooks');
    const up = await c.auth.signUp({ email, password: PASSWORD });
    expect(up.error).toBeNull();
    return { c, email, user: up.data.user! };
  }
  const passwordGrant = (email: string, password = PASSWORD) =>
    raw(stack, 'POST', '/token?grant_type=password', { body: { email, password } });

  it('custom access token: the claims it returns are the token’s, with the payload Auth sends', async () => {
    const { email, user } = await signedUp();
    await hooks.claims({ plan: 'pro', app_metadata: { tier: 'gold' } });
    const res = await passwordGrant(email);
    expect(res.status).toBe(200);
    const claims = decodeJwt(res.body.access_token as string);
    expect(claims).toMatchObject({ plan: 'pro', app_metadata: { tier: 'gold' }, sub: user.id });
    const [payload] = await hooks.calls('custom_access_token');
    expect(payload).toMatchObject({
      user_id: user.id,
      authentication_method: 'password',
      claims: { sub: user.id, email, role: 'authenticated', aal: 'aal1', is_anonymous: false },
      metadata: { name: 'customize-access-token', ip_address: expect.any(String) },
    });
    // Every token: a refresh goes through the hook too.
    const refreshed = await raw(stack, 'POST', '/token?grant_type=refresh_token', {
      body: { refresh_token: res.body.refresh_token },
    });
    expect(decodeJwt(refreshed.body.access_token as string).plan).toBe('pro');
    expect((await hooks.calls('custom_access_token')).at(-1)!.authentication_method).toBe(
      'token_refresh',
    );
  });

  it('custom access token: claims missing a required one refuse the token with a 500', async () => {
    const { email } = await signedUp();
    await hooks.claims({}, 'session_id');
    const res = await passwordGrant(email);
    expect(res.status).toBe(500);
    expect(res.body.error_code).toBe('unexpected_failure');
    expect(res.body.msg).toBe(
      'output claims do not conform to the expected schema: \n- (root): session_id is required\n',
    );
  });

  it('custom access token: its own error becomes the answer, with its status and message', async () => {
    const { email } = await signedUp();
    await hooks.answer('custom_access_token', {
      error: { http_code: 403, message: 'No tokens for you' },
    });
    const res = await passwordGrant(email);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ code: 403, error_code: 'unknown', msg: 'No tokens for you' });
    expect(res.headers.get('x-sb-error-code')).toBeNull();
    // supabase-js (API version 2024-01-01) sees the same error.
    const c = client(stack);
    const { error } = await c.auth.signInWithPassword({ email, password: PASSWORD });
    expect(error).toMatchObject({ status: 403, code: 'unknown', message: 'No tokens for you' });
  });

  it('a hook answering something that is not JSON fails the request with a 500', async () => {
    const { email } = await signedUp();
    await hooks.garbage('custom_access_token');
    const res = await passwordGrant(email);
    expect(res.status).toBe(500);
    expect(res.body).toMatchObject({
      error_code: 'unexpected_failure',
      msg: 'Error unmarshaling JSON output.',
    });
  });

  it('before user created: sees the user to be made, and its error refuses every kind of sign-up', async () => {
    const c = client(stack);
    const email = uniqueEmail('before');
    const up = await c.auth.signUp({ email, password: PASSWORD, options: { data: { a: 1 } } });
    expect(up.error).toBeNull();
    const [payload] = await hooks.calls('before_user_created');
    expect(payload).toMatchObject({
      metadata: { name: 'before-user-created' },
      user: {
        id: up.data.user!.id,
        email,
        app_metadata: { provider: 'email', providers: ['email'] },
        user_metadata: { a: 1 },
        is_anonymous: false,
      },
    });

    await hooks.answer('before_user_created', {
      error: { http_code: 400, message: 'Only company addresses' },
    });
    const refused = uniqueEmail('refused');
    const signup = await raw(stack, 'POST', '/signup', {
      body: { email: refused, password: PASSWORD },
    });
    expect(signup.status).toBe(400);
    expect(signup.body).toEqual({
      code: 400,
      error_code: 'unknown',
      msg: 'Only company addresses',
    });
    const otp = await raw(stack, 'POST', '/otp', { body: { email: refused } });
    expect(otp.status).toBe(400);
    const anonymous = await raw(stack, 'POST', '/signup', { body: {} });
    expect(anonymous.body.msg).toBe('Only company addresses');
    const invite = await raw(stack, 'POST', '/invite', {
      body: { email: refused },
      key: stack.keys.serviceRoleKey,
    });
    expect(invite.status).toBe(400);
    const { rows } = await stack.db.query('select 1 from auth.users where email = $1', [refused]);
    expect(rows).toHaveLength(0);
    // An existing account signing in again is not a new user: no hook.
    const again = await raw(stack, 'POST', '/otp', { body: { email } });
    expect(again.status).toBe(200);
  });

  it('send email: the hook gets the code and token hash instead of the inbox, and they work', async () => {
    const c = client(stack);
    const email = uniqueEmail('mail');
    expect((await c.auth.signInWithOtp({ email })).error).toBeNull();
    expect(await inbox(stack, email)).toEqual([]);
    const [payload] = await hooks.calls('send_email');
    expect(payload).toMatchObject({
      metadata: { name: 'send-email' },
      user: { email },
      email_data: {
        email_action_type: 'magiclink',
        token: expect.stringMatching(/^\d{6}$/),
        token_hash: expect.stringMatching(/^[0-9a-f]{56}$/),
        redirect_to: 'http://localhost:3000',
        site_url: stack.url,
        token_new: '',
        token_hash_new: '',
      },
    });
    const data = payload!.email_data as { token: string; token_hash: string };
    const verified = await c.auth.verifyOtp({ email, token: data.token, type: 'email' });
    expect(verified.error).toBeNull();

    await hooks.answer('send_email', { error: { http_code: 429, message: 'Mail is closed' } });
    const refused = await raw(stack, 'POST', '/recover', { body: { email } });
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ error_code: 'unknown', msg: 'Mail is closed' });
  });

  it('send email: an email change is one call with both codes, paired as Auth pairs them', async () => {
    const { c, email } = await signedUp();
    const next = uniqueEmail('next');
    expect((await c.auth.updateUser({ email: next })).error).toBeNull();
    const calls = await hooks.calls('send_email');
    expect(calls).toHaveLength(1);
    const data = calls[0]!.email_data as Record<string, string>;
    expect(data.email_action_type).toBe('email_change');
    // token: the current address's code, token_new: the new one's; the hashes crossed, as
    // Supabase Auth sends them (token_hash is the new address's, token_hash_new the current's).
    const sha224 = (text: string) => createHash('sha224').update(text).digest('hex');
    expect(data.token_hash).toBe(sha224(next + data.token_new));
    expect(data.token_hash_new).toBe(sha224(email + data.token));
    const { rows } = await stack.db.query<{ n: string; c: string }>(
      `select email_change_token_new as n, email_change_token_current as c
         from auth.users where email = $1`,
      [email],
    );
    expect(rows[0]).toEqual({ n: data.token_hash, c: data.token_hash_new });
    // Without [auth.email] enable_confirmations one side's code completes the change.
    const done = await c.auth.verifyOtp({
      email: next,
      token: data.token_new!,
      type: 'email_change',
    });
    expect(done.error).toBeNull();
    expect(done.data.user!.email).toBe(next);
    expect(await inbox(stack, next)).toEqual([]);
  });

  it('send SMS: the hook gets the code instead of the inbox, and it signs in', async () => {
    const c = client(stack);
    const phone = newPhone();
    expect((await c.auth.signInWithOtp({ phone: `+${phone}` })).error).toBeNull();
    expect(await inbox(stack, phone)).toEqual([]);
    const [payload] = await hooks.calls('send_sms');
    expect(payload).toMatchObject({
      metadata: { name: 'send-sms' },
      user: { phone },
      sms: { otp: expect.stringMatching(/^\d{6}$/), phone },
    });
    const otp = (payload!.sms as { otp: string }).otp;
    const verified = await c.auth.verifyOtp({ phone: `+${phone}`, token: otp, type: 'sms' });
    expect(verified.error).toBeNull();

    await hooks.answer('send_sms', { error: { message: 'SMS provider down' } });
    const refused = await raw(stack, 'POST', '/otp', { body: { phone: `+${newPhone()}` } });
    expect(refused.status).toBe(500);
    expect(refused.body).toMatchObject({
      error_code: 'unexpected_failure',
      msg: 'SMS provider down',
    });
  });

  it('MFA verification attempt: sees each attempt, and a rejection signs the user out everywhere', async () => {
    const { c } = await signedUp();
    const enrolled = await c.auth.mfa.enroll({ factorType: 'totp' });
    const { id, totp } = enrolled.data as { id: string; totp: { secret: string } };
    const wrong = await c.auth.mfa.challengeAndVerify({ factorId: id, code: '000000' });
    expect(wrong.error).toMatchObject({ code: 'mfa_verification_failed' });
    const [attempt] = await hooks.calls('mfa_verification_attempt');
    expect(attempt).toMatchObject({
      metadata: { name: 'mfa-verification' },
      factor_id: id,
      factor_type: 'totp',
      valid: false,
    });

    await hooks.answer('mfa_verification_attempt', {
      decision: 'reject',
      message: 'Too many attempts today',
    });
    const challenge = await c.auth.mfa.challenge({ factorId: id });
    const { data: before } = await c.auth.getSession();
    const res = await raw(stack, 'POST', `/factors/${id}/verify`, {
      bearer: before.session!.access_token,
      body: { challenge_id: challenge.data!.id, code: totpCode(totp.secret) },
    });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({
      error_code: 'mfa_verification_rejected',
      msg: 'Too many attempts today',
    });
    const refresh = await raw(stack, 'POST', '/token?grant_type=refresh_token', {
      body: { refresh_token: before.session!.refresh_token },
    });
    expect(refresh.status).toBe(400);
  });

  it('password verification attempt: continue lets the sign-in through, reject refuses it with its message', async () => {
    const { email, user } = await signedUp();
    await hooks.answer('password_verification_attempt', { decision: 'continue' });
    const first = await passwordGrant(email);
    expect(first.status).toBe(200);
    const wrong = await passwordGrant(email, 'not-the-password');
    expect(wrong.body.error_code).toBe('invalid_credentials');
    const attempts = await hooks.calls('password_verification_attempt');
    expect(attempts.map((a) => [a.user_id, a.valid])).toEqual([
      [user.id, true],
      [user.id, false],
    ]);

    await hooks.answer('password_verification_attempt', {
      decision: 'reject',
      message: 'Account locked for an hour',
      should_logout_user: true,
    });
    const refused = await passwordGrant(email);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      error_code: 'invalid_credentials',
      msg: 'Account locked for an hour',
    });
    const refresh = await raw(stack, 'POST', '/token?grant_type=refresh_token', {
      body: { refresh_token: first.body.refresh_token },
    });
    expect(refresh.status).toBe(400);
    await hooks.answer('password_verification_attempt', { decision: 'reject' });
    expect((await passwordGrant(email)).body.msg).toBe(
      'Further password verification attempts will be rejected.',
    );
  });

  // PGlite has no statement_timeout (a function it runs cannot be interrupted), so the Postgres
  // hook timeout holds on a Postgres server only.
  it.skipIf(transport === 'pg' && driver === 'pglite')(
    'a hook that takes too long fails the request',
    async () => {
      const { email } = await signedUp();
      await hooks.slow('password_verification_attempt');
      const res = await passwordGrant(email);
      if (transport === 'http') {
        expect(res.status).toBe(422);
        expect(res.body).toMatchObject({
          error_code: 'hook_timeout',
          msg: 'Failed to reach hook within maximum time of 5.000000 seconds',
        });
      } else {
        expect(res.status).toBe(500);
        expect(res.body).toMatchObject({
          error_code: 'unexpected_failure',
          msg: 'Error running hook URI: pg-functions://postgres/public/hook_password_verification_attempt',
        });
      }
    },
    15_000,
  );
});

describe.each(DRIVERS)('HTTP auth hooks on %s', (driver) => {
  let stack: TestStack;
  let server: HookServer;
  beforeAll(async () => {
    server = await startHookServer();
    stack = await startTestStack({
      driver,
      config: `${BASE}[auth.hook.password_verification_attempt]\nenabled = true\nuri = "${server.url}/hooks/password_verification_attempt"\nsecrets = "${newHookSecret()}|${server.secret}"\n`,
    });
  });
  afterEach(() => server.reset());
  afterAll(async () => {
    await stack?.close();
    await server?.close();
  });

  async function signIn(): Promise<{ status: number; body: Record<string, unknown> }> {
    const email = uniqueEmail('http');
    await client(stack).auth.signUp({ email, password: PASSWORD });
    return raw(stack, 'POST', '/token?grant_type=password', {
      body: { email, password: PASSWORD },
    });
  }
  const hook = (b: Behaviour) => server.on('password_verification_attempt', b);

  it('signs with every secret: the endpoint verifies with the one it knows', async () => {
    expect((await signIn()).status).toBe(200);
    const [call] = server.calls;
    const signatures = String(call!.headers['webhook-signature']).split(', ');
    expect(signatures).toHaveLength(2);
    expect(call!.headers['webhook-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(call!.headers['webhook-timestamp']).toMatch(/^\d{10}$/);
  });

  it('an endpoint holding another secret refuses the signature: Auth answers 500', async () => {
    const own = server.secret;
    server.secret = newHookSecret();
    try {
      const res = await signIn();
      expect(res.status).toBe(500);
      expect(res.body).toMatchObject({
        error_code: 'unexpected_failure',
        msg: 'Hook requires authorization token',
      });
    } finally {
      server.secret = own;
    }
  });

  it('retries a 503 with Retry-After, and fails a 429 without it', async () => {
    hook((_, attempt) =>
      attempt === 0 ? { status: 503, headers: { 'retry-after': '1' } } : { body: {} },
    );
    expect((await signIn()).status).toBe(200);
    expect(server.calls).toHaveLength(2);
    hook(() => ({ status: 429 }));
    expect((await signIn()).body).toMatchObject({
      error_code: 'unexpected_failure',
      msg: 'Service currently unavailable due to hook',
    });
    hook(() => ({ status: 418 }));
    expect((await signIn()).body.msg).toBe('Unexpected status code returned from hook: 418');
  });

  it('refuses an answer that is not JSON, or too large', async () => {
    hook(() => ({ raw: 'ok', headers: { 'content-type': 'text/plain' } }));
    const plain = await signIn();
    expect(plain.status).toBe(400);
    expect(plain.body).toMatchObject({
      error_code: 'hook_payload_invalid_content_type',
      msg: 'Invalid JSON response. Received content-type: text/plain',
    });
    hook(() => ({ body: { decision: 'continue', padding: 'x'.repeat(300 * 1024) } }));
    const large = await signIn();
    expect(large.status).toBe(422);
    expect(large.body).toMatchObject({
      error_code: 'hook_payload_over_size_limit',
      msg: 'Payload size exceeded size limit of 204800 bytes',
    });
  });

  it('an endpoint that drops every connection fails after the retries', async () => {
    hook(() => ({ hangUp: true }));
    const res = await signIn();
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({
      error_code: 'hook_timeout_after_retry',
      msg: 'Failed to reach hook after maximum retries',
    });
    expect(server.calls).toHaveLength(3);
  }, 15_000);
});

describe('auth hook config', () => {
  it('a malformed secret stops the stack at start, naming the key', async () => {
    await expect(
      startTestStack({
        driver: 'pglite',
        config: `[auth.hook.send_email]\nenabled = true\nuri = "https://hooks.example.com/mail"\nsecrets = "whsec_not-the-format"\n`,
      }),
    ).rejects.toThrow(
      /auth\.hook\.send_email\.secrets: expected "v1,whsec_<base64_encoded_secret>"/,
    );
  });
});
