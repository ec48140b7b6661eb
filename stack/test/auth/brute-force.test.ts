// Brute force against every endpoint that accepts a secret code: each guess from one client
// address counts, and once the configured limit is reached the endpoint answers 429 — to the
// right code too. Each case guesses from an address of its own (the stack stands behind a local
// proxy that names clients in X-Forwarded-For, trusted).
import { createHash } from 'node:crypto';
import * as OTPAuth from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIVERS, startTestStack, type TestStack } from '../support/stack.ts';
import { latest, raw, uniqueEmail, type Raw } from './helpers.ts';

const LIMIT = 5; // token_verifications, sign_in_sign_ups and token_refresh below
const MFA_BURST = 30; // Supabase Auth's MFA buckets (not configurable in config.toml)

const CONFIG = `
[auth]
site_url = "http://localhost:3000"
[auth.email]
enable_confirmations = true
secure_password_change = true
max_frequency = "0s"
[auth.sms]
enable_signup = true
enable_confirmations = true
max_frequency = "0s"
[auth.mfa.totp]
enroll_enabled = true
verify_enabled = true
[auth.mfa.phone]
enroll_enabled = true
verify_enabled = true
max_frequency = "0s"
[auth.rate_limit]
email_sent = 1000
sms_sent = 1000
token_verifications = ${LIMIT}
sign_in_sign_ups = ${LIMIT}
token_refresh = ${LIMIT}
`;

describe.each(DRIVERS)('brute force against code-accepting endpoints on %s', (driver) => {
  let stack: TestStack;
  let n = 0;
  beforeAll(async () => {
    stack = await startTestStack({ driver, config: CONFIG, trustedProxies: ['127.0.0.1', '::1'] });
  });
  afterAll(() => stack?.close());

  const newAddress = () => `10.88.0.${++n}`;

  /** Sends `limit` wrong guesses (each answered `wrong`), then the right one: it must get 429. */
  async function bruteForce(
    limit: number,
    attempt: (ip: string, guess: 'wrong' | 'right') => Promise<Raw>,
    wrong: string,
  ) {
    const ip = newAddress();
    for (let i = 0; i < limit; i++) {
      const res = await attempt(ip, 'wrong');
      expect(res.body.error_code ?? res.headers.get('location')).toContain(wrong);
    }
    const stopped = await attempt(ip, 'right');
    expect(stopped.status).toBe(429);
    expect(stopped.body.error_code).toBe('over_request_rate_limit');
  }

  async function emailUserWithCode() {
    const email = uniqueEmail('bf');
    await raw(stack, 'POST', '/signup', {
      body: { email, password: 'secret-password' },
      headers: { 'x-forwarded-for': newAddress() },
    });
    return { email, mail: await latest(stack, email) };
  }

  async function signedIn() {
    const { email, mail } = await emailUserWithCode();
    const res = await raw(stack, 'POST', '/verify', {
      body: { type: 'signup', email, token: mail.code },
      headers: { 'x-forwarded-for': newAddress() },
    });
    return { email, token: res.body.access_token as string };
  }

  it('stops email codes at POST /verify', async () => {
    const { email, mail } = await emailUserWithCode();
    await bruteForce(
      LIMIT,
      (ip, guess) =>
        raw(stack, 'POST', '/verify', {
          body: { type: 'email', email, token: guess === 'right' ? mail.code : '000000' },
          headers: { 'x-forwarded-for': ip },
        }),
      'otp_expired',
    );
  });

  it('stops SMS codes at POST /verify', async () => {
    const phone = `1555${String(Date.now()).slice(-7)}`;
    await raw(stack, 'POST', '/otp', {
      body: { phone },
      headers: { 'x-forwarded-for': newAddress() },
    });
    const sms = await latest(stack, phone);
    await bruteForce(
      LIMIT,
      (ip, guess) =>
        raw(stack, 'POST', '/verify', {
          body: { type: 'sms', phone, token: guess === 'right' ? sms.code : '000000' },
          headers: { 'x-forwarded-for': ip },
        }),
      'otp_expired',
    );
  });

  it('stops token hashes at POST /verify and links at GET /verify', async () => {
    const { mail } = await emailUserWithCode();
    const hash = new URL(mail.link!).searchParams.get('token')!;
    const guessFor = (guess: string) =>
      guess === 'right' ? hash : createHash('sha224').update(guess).digest('hex');
    await bruteForce(
      LIMIT,
      (ip, guess) =>
        raw(stack, 'POST', '/verify', {
          body: { type: 'signup', token_hash: guessFor(guess) },
          headers: { 'x-forwarded-for': ip },
        }),
      'otp_expired',
    );
    await bruteForce(
      LIMIT,
      (ip, guess) =>
        raw(stack, 'GET', `/verify?type=signup&token=${guessFor(guess)}`, {
          headers: { 'x-forwarded-for': ip },
        }),
      'error_code=otp_expired',
    );
  });

  it('stops reauthentication nonces at PUT /user', async () => {
    const { email, token } = await signedIn();
    await stack.db.query(
      `update auth.sessions set created_at = now() - interval '2 days'
       where user_id = (select id from auth.users where email = $1)`,
      [email],
    );
    await raw(stack, 'GET', '/reauthenticate', {
      bearer: token,
      headers: { 'x-forwarded-for': newAddress() },
    });
    const nonce = (await latest(stack, email)).code!;
    await bruteForce(
      LIMIT,
      (ip, guess) =>
        raw(stack, 'PUT', '/user', {
          bearer: token,
          body: { password: 'a-new-password', nonce: guess === 'right' ? nonce : '000000' },
          headers: { 'x-forwarded-for': ip },
        }),
      'reauthentication_not_valid',
    );
  });

  it('stops PKCE auth codes at POST /token', async () => {
    const email = uniqueEmail('bf-pkce');
    const verifier = 'v'.repeat(43);
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    await raw(stack, 'POST', '/signup', {
      body: {
        email,
        password: 'secret-password',
        code_challenge: challenge,
        code_challenge_method: 's256',
      },
      headers: { 'x-forwarded-for': newAddress() },
    });
    const link = await fetch((await latest(stack, email)).link!, { redirect: 'manual' });
    const code = new URL(link.headers.get('location')!).searchParams.get('code')!;
    await bruteForce(
      LIMIT,
      (ip, guess) =>
        raw(stack, 'POST', '/token?grant_type=pkce', {
          body: {
            auth_code: guess === 'right' ? code : crypto.randomUUID(),
            code_verifier: verifier,
          },
          headers: { 'x-forwarded-for': ip },
        }),
      'flow_state_not_found',
    );
  });

  it('stops TOTP and SMS factor codes at POST /factors/{id}/verify', async () => {
    const { token } = await signedIn();
    const totp = await raw(stack, 'POST', '/factors', {
      bearer: token,
      body: { factor_type: 'totp' },
    });
    const phone = `1666${String(Date.now()).slice(-7)}`;
    const sms = await raw(stack, 'POST', '/factors', {
      bearer: token,
      body: { factor_type: 'phone', phone: `+${phone}` },
    });
    const secret = (totp.body.totp as { secret: string }).secret;
    for (const [factor, right] of [
      [
        totp.body.id,
        () => new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret) }).generate(),
      ],
      [sms.body.id, async () => (await latest(stack, phone)).code!],
    ] as const) {
      let challenge = '';
      await bruteForce(
        MFA_BURST,
        async (ip, guess) => {
          challenge ||= (
            await raw(stack, 'POST', `/factors/${factor}/challenge`, {
              bearer: token,
              headers: { 'x-forwarded-for': ip },
            })
          ).body.id as string;
          return raw(stack, 'POST', `/factors/${factor}/verify`, {
            bearer: token,
            body: { challenge_id: challenge, code: guess === 'right' ? await right() : '000000' },
            headers: { 'x-forwarded-for': ip },
          });
        },
        'mfa_verification_failed',
      );
    }
  });
});
