import { describe, expect, it } from 'vitest';
import { parseConfig } from '../config/config.ts';
import type { AuthError } from './errors.ts';
import { MFA_BUCKET, createRateLimiter, isLocal } from './rate-limit.ts';

const config = parseConfig(
  { auth: { rate_limit: { token_verifications: 3, email_sent: 1, sms_sent: 1 } } },
  '/tmp/x',
  {},
);

function counter(c = config) {
  let t = 1_000_000;
  const limiter = createRateLimiter(c, () => t);
  const allowed = (name: Parameters<typeof limiter.take>[0], key: string) => {
    try {
      limiter.take(name, key);
      return true;
    } catch (error) {
      expect((error as AuthError).status).toBe(429);
      return false;
    }
  };
  return { allowed, limiter, advance: (ms: number) => (t += ms) };
}

describe('rate limits', () => {
  it('count a configured limit per address in a sliding window', () => {
    const { allowed, advance } = counter();
    for (let i = 0; i < 3; i++) expect(allowed('tokenVerifications', 'a')).toBe(true);
    expect(allowed('tokenVerifications', 'a')).toBe(false);
    expect(allowed('tokenVerifications', 'b')).toBe(true);
    advance(300_001);
    expect(allowed('tokenVerifications', 'a')).toBe(true);
  });

  it('let MFA requests through in a burst of 30, then 15 a minute, per key', () => {
    const { allowed, advance } = counter();
    for (let i = 0; i < MFA_BUCKET.burst; i++) expect(allowed('mfaVerify', 'a')).toBe(true);
    expect(allowed('mfaVerify', 'a')).toBe(false);
    expect(allowed('mfaChallenge', 'a')).toBe(true);
    expect(allowed('mfaVerify', 'factor:u/f')).toBe(true);
    advance(4_000);
    expect(allowed('mfaVerify', 'a')).toBe(true);
    expect(allowed('mfaVerify', 'a')).toBe(false);
    advance(60_000);
    let passed = 0;
    while (allowed('mfaVerify', 'a')) passed++;
    expect(passed).toBe(MFA_BUCKET.perMinute);
  });

  it('give back what a request took, when asked (a local program that succeeded)', () => {
    const { allowed, limiter } = counter();
    for (let i = 0; i < 10; i++) {
      expect(allowed('tokenVerifications', '127.0.0.1')).toBe(true);
      limiter.refund('tokenVerifications', '127.0.0.1');
    }
    for (let i = 0; i < 30; i++) {
      expect(allowed('mfaVerify', '127.0.0.1')).toBe(true);
      limiter.refund('mfaVerify', '127.0.0.1');
    }
    for (let i = 0; i < 3; i++) expect(allowed('tokenVerifications', '127.0.0.1')).toBe(true);
    expect(allowed('tokenVerifications', '127.0.0.1')).toBe(false);
  });

  it('count emails from this machine only when they go out by SMTP, and its SMS never', () => {
    const local = counter();
    for (let i = 0; i < 5; i++) {
      expect(local.allowed('emailSent', '::1')).toBe(true);
      expect(local.allowed('smsSent', '127.0.0.1')).toBe(true);
    }
    expect(local.allowed('emailSent', '10.0.0.1')).toBe(true);
    expect(local.allowed('emailSent', '10.0.0.1')).toBe(false);
    const smtp = counter(
      parseConfig(
        { auth: { rate_limit: { email_sent: 1 }, email: { smtp: { host: 'mail', port: 25 } } } },
        '/tmp/x',
        {},
      ),
    );
    expect(smtp.allowed('emailSent', '127.0.0.1')).toBe(true);
    expect(smtp.allowed('emailSent', '127.0.0.1')).toBe(false);
  });

  it('take loopback addresses, and only those, for programs on this machine', () => {
    for (const a of ['127.0.0.1', '127.3.2.1', '::1']) expect(isLocal(a)).toBe(true);
    for (const a of ['10.0.0.1', '192.168.1.2', '2001:db8::1', 'abc', ''])
      expect(isLocal(a)).toBe(false);
  });
});
