// Account enumeration by timing: a password sign-in does the same bcrypt work whether or not the
// account exists (the answer is the same too). Timings are for bench/; this checks the work.
import { describe, expect, it, vi } from 'vitest';
import { parseConfig } from '../../config/config.ts';
import type { AuthDeps } from '../endpoint.ts';
import type * as Password from '../password.ts';
import { incomingFrom } from '../../context/route.ts';
import { AuthError } from '../errors.ts';
import type { UserRow } from '../store/rows.ts';

const password = vi.hoisted(() => ({ verify: vi.fn(async () => false) }));
vi.mock('../password.ts', async (original) => ({
  ...(await original<typeof Password>()),
  verifyPassword: password.verify,
}));

const { token } = await import('./token.ts');

function depsWith(user: Partial<UserRow> | undefined): AuthDeps {
  const find = async () => user as UserRow | undefined;
  return {
    config: parseConfig({ auth: { sms: { enable_signup: true } } }, '/tmp/x', {}),
    store: { findUserByEmail: find, findUserByPhone: find },
  } as unknown as AuthDeps; // only the two lookups a failed sign-in makes are needed
}

async function signIn(deps: AuthDeps, body: { email?: string; phone?: string }) {
  const request = new Request('http://stack/auth/v1/token?grant_type=password');
  const params = { grant_type: 'password' as const, email: '', phone: '', ...body, password: 'pw' };
  const access = { caller: 'public' as const, session: undefined, taken: undefined };
  const incoming = incomingFrom(request, { ip: '10.0.0.1', apikey: undefined });
  const call = { ...incoming, params, access };
  return Promise.resolve(token.handle(deps, call)).then(
    () => undefined,
    (error: unknown) => error,
  );
}

describe('password sign-in', () => {
  it('checks a password for an unknown email, phone or malformed phone as for a real account', async () => {
    const real = depsWith({ id: 'u1', encrypted_password: '$2a$10$x', banned: false });
    const nobody = depsWith(undefined);
    for (const [deps, body] of [
      [real, { email: 'ada@example.com' }],
      [nobody, { email: 'nobody@example.com' }],
      [nobody, { phone: '+15550001111' }],
      [nobody, { phone: 'not a number' }],
    ] as const) {
      password.verify.mockClear();
      const error = await signIn(deps, body);
      expect(error).toBeInstanceOf(AuthError);
      expect((error as AuthError).errorCode).toBe('invalid_credentials');
      expect(password.verify).toHaveBeenCalledTimes(1);
      expect(password.verify).toHaveBeenCalledWith('pw', deps === real ? '$2a$10$x' : undefined);
    }
  });
});
