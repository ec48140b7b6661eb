// TOTP against guessing and replay: Supabase Auth's MFA rate limits (per client address, and per
// factor so that many addresses get no more guesses), a challenge answered only from the address
// that asked for it, and no TOTP code accepted twice (RFC 6238 §5.2).
import * as OTPAuth from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIVERS, startTestStack, type TestStack } from '../support/stack.ts';
import { client, raw, uniqueEmail } from './helpers.ts';

const CONFIG = `
[auth.mfa.totp]
enroll_enabled = true
verify_enabled = true
`;

const codeAt = (secret: string, offsetSeconds = 0) =>
  new OTPAuth.TOTP({
    secret: OTPAuth.Secret.fromBase32(secret),
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
  }).generate({ timestamp: Date.now() + offsetSeconds * 1000 });

describe.each(DRIVERS)('MFA against guessing and replay on %s', (driver) => {
  let stack: TestStack;
  let address = 0;
  beforeAll(async () => {
    // Behind a local proxy that names each client in X-Forwarded-For.
    stack = await startTestStack({ driver, config: CONFIG, trustedProxies: ['127.0.0.1', '::1'] });
  });
  afterAll(() => stack?.close());

  /** A fresh client address, so each test starts with full buckets. */
  const newAddress = () => `10.77.${Math.floor(++address / 250)}.${(address % 250) + 1}`;

  async function enrolled() {
    const { data } = await client(stack).auth.signUp({
      email: uniqueEmail('guess'),
      password: 'secret-password',
    });
    const token = data.session!.access_token;
    const from = newAddress();
    const res = await raw(stack, 'POST', '/factors', {
      bearer: token,
      body: { factor_type: 'totp' },
      headers: { 'x-forwarded-for': from },
    });
    const { id, totp } = res.body as { id: string; totp: { secret: string } };
    const as = (ip: string) => ({
      challenge: async () =>
        (
          await raw(stack, 'POST', `/factors/${id}/challenge`, {
            bearer: token,
            headers: { 'x-forwarded-for': ip },
          })
        ).body,
      verify: (challengeId: unknown, code: string) =>
        raw(stack, 'POST', `/factors/${id}/verify`, {
          bearer: token,
          body: { challenge_id: challengeId, code },
          headers: { 'x-forwarded-for': ip },
        }),
    });
    return { secret: totp.secret, as };
  }

  it('accepts a TOTP code once; the same code or an earlier one is refused afterwards', async () => {
    const { secret, as } = await enrolled();
    const me = as(newAddress());
    // Taken at one instant, so a step boundary during the test changes nothing.
    const [now, earlier, later] = [0, -30, 30].map((offset) => codeAt(secret, offset));
    const first = await me.verify((await me.challenge()).id, now!);
    expect(first.status).toBe(200);
    const again = await me.verify((await me.challenge()).id, now!);
    expect(again.body).toMatchObject({ code: 422, error_code: 'mfa_verification_failed' });
    const before = await me.verify((await me.challenge()).id, earlier!);
    expect(before.body.error_code).toBe('mfa_verification_failed');
    // The next step's code has not been used yet.
    const next = await me.verify((await me.challenge()).id, later!);
    expect(next.status).toBe(200);
  });

  it('accepts only one of two simultaneous verifications with the same code', async () => {
    const { secret, as } = await enrolled();
    const me = as(newAddress());
    const [a, b] = [await me.challenge(), await me.challenge()];
    const code = codeAt(secret);
    const answers = await Promise.all([me.verify(a.id, code), me.verify(b.id, code)]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 422]);
  });

  it('answers a challenge only from the address that asked for it', async () => {
    const { secret, as } = await enrolled();
    const asker = as(newAddress());
    const { id } = await asker.challenge();
    const other = await as(newAddress()).verify(id, codeAt(secret));
    expect(other.body).toMatchObject({ code: 422, error_code: 'mfa_ip_address_mismatch' });
    expect((await asker.verify(id, codeAt(secret))).status).toBe(200);
  });

  it('stops guesses from one address after 30, the right code included', async () => {
    const { secret, as } = await enrolled();
    const me = as(newAddress());
    const { id } = await me.challenge();
    for (let i = 0; i < 30; i++)
      expect((await me.verify(id, '000000')).body.error_code).toBe('mfa_verification_failed');
    const over = await me.verify(id, codeAt(secret));
    expect(over.status).toBe(429);
    expect(over.body).toMatchObject({ error_code: 'over_request_rate_limit' });
    let challenges = 1;
    while ((await me.challenge()).id) challenges++;
    expect(challenges).toBe(30);
  });

  it('stops guesses at one factor after 30, however many addresses they come from', async () => {
    const { secret, as } = await enrolled();
    for (let i = 0; i < 15; i++) {
      const me = as(newAddress());
      const { id } = await me.challenge();
      for (let j = 0; j < 2; j++)
        expect((await me.verify(id, '000000')).body.error_code).toBe('mfa_verification_failed');
    }
    const fresh = as(newAddress());
    const { id } = await fresh.challenge();
    const over = await fresh.verify(id, codeAt(secret));
    expect(over.body).toMatchObject({ code: 429, error_code: 'over_request_rate_limit' });
  });
});
