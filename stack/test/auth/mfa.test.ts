import { decodeJwt } from 'jose';
import * as OTPAuth from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIVERS, startTestStack, type TestStack } from '../support/stack.ts';
import { client, latest, raw, service, uniqueEmail } from './helpers.ts';

const CONFIG = `
[auth]
site_url = "http://localhost:3000"
[auth.mfa]
max_enrolled_factors = 3
[auth.mfa.totp]
enroll_enabled = true
verify_enabled = true
[auth.mfa.phone]
enroll_enabled = true
verify_enabled = true
max_frequency = "0s"
[auth.mfa.web_authn]
enroll_enabled = true
`;

const codeFor = (secret: string) =>
  new OTPAuth.TOTP({
    secret: OTPAuth.Secret.fromBase32(secret),
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
  }).generate();

describe.each(DRIVERS)('auth MFA on %s', (driver) => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack({ driver, config: CONFIG });
  });
  afterAll(() => stack?.close());

  async function signedIn() {
    const c = client(stack);
    const email = uniqueEmail('mfa');
    await c.auth.signUp({ email, password: 'secret-password' });
    return { c, email };
  }

  it('enrols TOTP, verifies with an independent TOTP code and returns an aal2 session', async () => {
    const { c, email } = await signedIn();
    const enrolled = await c.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'phone app' });
    expect(enrolled.error).toBeNull();
    const { id, totp } = enrolled.data as {
      id: string;
      totp: { qr_code: string; secret: string; uri: string };
    };
    expect(totp.qr_code.startsWith('data:image/svg+xml;utf-8,<svg')).toBe(true);
    expect(totp.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(totp.uri).toBe(
      `otpauth://totp/localhost%3A3000:${encodeURIComponent(email)}?algorithm=SHA1&digits=6&issuer=localhost%3A3000&period=30&secret=${totp.secret}`,
    );
    const challenge = await c.auth.mfa.challenge({ factorId: id });
    expect(challenge.error).toBeNull();
    const wrong = await c.auth.mfa.verify({
      factorId: id,
      challengeId: challenge.data!.id,
      code: '000000',
    });
    expect(wrong.error?.code).toBe('mfa_verification_failed');
    const ok = await c.auth.mfa.verify({
      factorId: id,
      challengeId: challenge.data!.id,
      code: codeFor(totp.secret),
    });
    expect(ok.error).toBeNull();
    const claims = decodeJwt(ok.data!.access_token);
    expect(claims.aal).toBe('aal2');
    expect((claims.amr as { method: string }[]).map((a) => a.method).sort()).toEqual([
      'password',
      'totp',
    ]);
    const aal = await c.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(aal.data).toMatchObject({ currentLevel: 'aal2', nextLevel: 'aal2' });
    const reused = await c.auth.mfa.verify({
      factorId: id,
      challengeId: challenge.data!.id,
      code: codeFor(totp.secret),
    });
    expect(reused.error?.code).toBe('mfa_factor_not_found');
    // A refresh keeps aal2.
    const refreshed = await c.auth.refreshSession();
    expect(decodeJwt(refreshed.data.session!.access_token).aal).toBe('aal2');
    const factors = await c.auth.mfa.listFactors();
    expect(factors.data?.totp).toHaveLength(1);
  });

  it('refuses to unenrol a verified factor without aal2, allows it with aal2', async () => {
    const { c, email } = await signedIn();
    const { data } = await c.auth.mfa.enroll({ factorType: 'totp' });
    const f = data as { id: string; totp: { secret: string } };
    await c.auth.mfa.challengeAndVerify({ factorId: f.id, code: codeFor(f.totp.secret) });
    const aal1 = client(stack);
    await aal1.auth.signInWithPassword({ email, password: 'secret-password' });
    expect((await aal1.auth.mfa.getAuthenticatorAssuranceLevel()).data).toMatchObject({
      currentLevel: 'aal1',
      nextLevel: 'aal2',
    });
    const refused = await aal1.auth.mfa.unenroll({ factorId: f.id });
    expect(refused.error?.code).toBe('insufficient_aal');
    const second = await aal1.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'second' });
    expect(second.error?.code).toBe('insufficient_aal');
    const pwd = await aal1.auth.updateUser({ password: 'another-password' });
    expect(pwd.error?.code).toBe('insufficient_aal');
    const ok = await c.auth.mfa.unenroll({ factorId: f.id });
    expect(ok.error).toBeNull();
    const missing = await c.auth.mfa.challenge({ factorId: f.id });
    expect(missing.error?.code).toBe('mfa_factor_not_found');
  });

  it('enrols a phone factor and verifies the SMS code', async () => {
    const { c } = await signedIn();
    const phone = `1777${Math.floor(Math.random() * 1e7)
      .toString()
      .padStart(7, '0')}`;
    const enrolled = await c.auth.mfa.enroll({ factorType: 'phone', phone: `+${phone}` });
    expect(enrolled.error).toBeNull();
    const challenge = await c.auth.mfa.challenge({ factorId: enrolled.data!.id });
    expect(challenge.error).toBeNull();
    const sms = await latest(stack, phone);
    const ok = await c.auth.mfa.verify({
      factorId: enrolled.data!.id,
      challengeId: challenge.data!.id,
      code: sms.code!,
    });
    expect(ok.error).toBeNull();
    expect((decodeJwt(ok.data!.access_token).amr as { method: string }[])[0]!.method).toBe(
      'mfa/phone',
    );
    const again = await c.auth.mfa.enroll({ factorType: 'phone', phone: `+${phone}` });
    expect(again.error?.code).toBe('mfa_verified_factor_exists');
  });

  it('enforces names, limits, expiry and admin factor calls', async () => {
    const { c, email } = await signedIn();
    await c.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'a' });
    const conflict = await c.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'a' });
    expect(conflict.error?.code).toBe('mfa_factor_name_conflict');
    await c.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'b' });
    const third = await c.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'c' });
    expect(third.error).toBeNull();
    const fourth = await c.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'd' });
    expect(fourth.error?.code).toBe('too_many_enrolled_mfa_factors');
    const bad = await c.auth.mfa.enroll({ factorType: 'sms' as 'totp' });
    expect(bad.error?.code).toBe('validation_failed');

    const f = third.data as { id: string; totp: { secret: string } };
    const ch = await c.auth.mfa.challenge({ factorId: f.id });
    await stack.db.query(
      `update auth.mfa_challenges set created_at = now() - interval '1 hour' where id = $1`,
      [ch.data!.id],
    );
    const late = await c.auth.mfa.verify({
      factorId: f.id,
      challengeId: ch.data!.id,
      code: codeFor(f.totp.secret),
    });
    expect(late.error?.code).toBe('mfa_challenge_expired');

    const userId = (
      await stack.db.query<{ id: string }>('select id from auth.users where email = $1', [email])
    ).rows[0]!.id;
    const admin = service(stack).auth.admin.mfa;
    const listed = await admin.listFactors({ userId });
    expect(listed.error).toBeNull();
    expect(listed.data?.factors).toHaveLength(3);
    const del = await admin.deleteFactor({ userId, id: f.id });
    expect(del.error).toBeNull();
    const missing = await raw(stack, 'DELETE', `/admin/users/${userId}/factors/${f.id}`, {
      key: stack.keys.serviceRoleKey,
    });
    expect(missing.body).toMatchObject({ code: 404, error_code: 'mfa_factor_not_found' });
  });

  it('answers disabled MFA with the *_not_enabled codes', async () => {
    const off = await startTestStack({
      driver,
      config:
        '[auth.mfa.totp]\nenroll_enabled = false\nverify_enabled = false\n[auth.mfa.phone]\nenroll_enabled = false\n',
    });
    try {
      const c = client(off);
      await c.auth.signUp({ email: uniqueEmail(), password: 'secret-password' });
      expect((await c.auth.mfa.enroll({ factorType: 'totp' })).error?.code).toBe(
        'mfa_totp_enroll_not_enabled',
      );
      expect(
        (await c.auth.mfa.enroll({ factorType: 'phone', phone: '+15551112222' })).error?.code,
      ).toBe('mfa_phone_enroll_not_enabled');
      await off.db
        .query(`insert into auth.mfa_factors (id, user_id, factor_type, status, created_at, updated_at, secret, phone)
        select gen_random_uuid(), id, 'totp'::auth.factor_type, 'unverified'::auth.factor_status, now(), now(), 'JBSWY3DPEHPK3PXP', null from auth.users
        union all select gen_random_uuid(), id, 'phone'::auth.factor_type, 'unverified'::auth.factor_status, now(), now(), null, '15551112222' from auth.users`);
      const factors = (
        await off.db.query<{ id: string; factor_type: string }>(
          'select id, factor_type::text from auth.mfa_factors',
        )
      ).rows;
      const totpF = factors.find((f) => f.factor_type === 'totp')!;
      const phoneF = factors.find((f) => f.factor_type === 'phone')!;
      expect((await c.auth.mfa.challenge({ factorId: totpF.id })).error?.code).toBe(
        'mfa_totp_verify_not_enabled',
      );
      expect((await c.auth.mfa.challenge({ factorId: phoneF.id })).error?.code).toBe(
        'mfa_phone_verify_not_enabled',
      );
    } finally {
      await off.close();
    }
  });

  it('enrols a WebAuthn factor but refuses its challenge while verify_enabled is off', async () => {
    const { c } = await signedIn();
    const enrolled = await c.auth.mfa.enroll({ factorType: 'webauthn', friendlyName: 'key' });
    expect(enrolled.data).toMatchObject({ type: 'webauthn', friendly_name: 'key' });
    const challenge = await c.auth.mfa.challenge({ factorId: enrolled.data!.id });
    expect(challenge.error?.code).toBe('mfa_webauthn_verify_not_enabled');
    expect(challenge.error?.message).toBe('MFA verification is disabled for WebAuthn');
  });
});
