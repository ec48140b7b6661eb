import { describe, expect, it } from 'vitest';
import type { JWTPayload } from 'jose';
import { withJwtCache } from './jwt-cache.ts';

function fakeKeys(claims: JWTPayload) {
  let calls = 0;
  const keys = {
    verify: async (_token: string) => {
      calls++;
      return claims;
    },
  };
  return { keys, calls: () => calls };
}

describe('withJwtCache', () => {
  it('verifies a token once until it expires', async () => {
    let clock = 1000;
    const fake = fakeKeys({ sub: 'u', exp: 1010 });
    const keys = withJwtCache(fake.keys, () => clock);
    await keys.verify('t');
    // A known token is answered at once: a request waits on nothing to know its caller.
    expect(keys.verify('t')).toEqual({ sub: 'u', exp: 1010 });
    expect(fake.calls()).toBe(1);
    clock = 1011;
    await keys.verify('t');
    expect(fake.calls()).toBe(2);
  });

  it('never caches tokens without exp', async () => {
    const fake = fakeKeys({ sub: 'u' });
    const keys = withJwtCache(fake.keys);
    await keys.verify('t');
    await keys.verify('t');
    expect(fake.calls()).toBe(2);
  });
});
