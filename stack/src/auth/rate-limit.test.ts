import { describe, expect, it } from 'vitest';
import { parseConfig } from '../config/config.ts';
import type { AuthError } from './errors.ts';
import { MFA_BUCKET, createRateLimiter } from './rate-limit.ts';

const config = parseConfig({ auth: { rate_limit: { token_verifications: 3 } } }, '/tmp/x', {});

function counter() {
  let t = 1_000_000;
  const limiter = createRateLimiter(config, () => t);
  const allowed = (name: Parameters<typeof limiter.take>[0], key: string) => {
    try {
      limiter.take(name, key);
      return true;
    } catch (error) {
      expect((error as AuthError).errorCode).toBe('over_request_rate_limit');
      return false;
    }
  };
  return { allowed, advance: (ms: number) => (t += ms) };
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
});
