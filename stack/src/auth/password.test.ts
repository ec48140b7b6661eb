import type * as NativeBcrypt from '@node-rs/bcrypt';
import bcryptjs from 'bcryptjs';
import { describe, expect, it, vi } from 'vitest';

const bcrypt = vi.hoisted(() => ({ verify: vi.fn() }));
vi.mock('@node-rs/bcrypt', async (original) => {
  const actual = await original<typeof NativeBcrypt>();
  bcrypt.verify.mockImplementation(actual.verify);
  return { ...actual, verify: bcrypt.verify };
});

const { hashPassword, verifyPassword } = await import('./password.ts');

describe('passwords', () => {
  it('are hashed with bcrypt at cost 10 in the $2a$ format Supabase Auth stores', async () => {
    const hash = await hashPassword('correct horse');
    expect(hash).toMatch(/^\$2a\$10\$[./A-Za-z0-9]{53}$/);
    expect(await verifyPassword('correct horse', hash)).toBe(true);
    expect(await verifyPassword('wrong horse', hash)).toBe(false);
    // An independent implementation reads it.
    expect(await bcryptjs.compare('correct horse', hash)).toBe(true);
  });

  it('still verify hashes written as $2a$, $2b$ and $2y$ by other implementations', async () => {
    const b = await bcryptjs.hash('old password', 10);
    expect(b.startsWith('$2b$10$')).toBe(true);
    expect(await verifyPassword('old password', b)).toBe(true);
    for (const prefix of ['$2a$', '$2y$'])
      expect(await verifyPassword('old password', prefix + b.slice(4))).toBe(true);
    expect(await verifyPassword('other', b)).toBe(false);
  });

  it('cost one bcrypt verification even without a stored hash, and never match then', async () => {
    bcrypt.verify.mockClear();
    expect(await verifyPassword('anything', undefined)).toBe(false);
    expect(await verifyPassword('anything', '')).toBe(false);
    expect(await verifyPassword('anything', 'not-a-hash')).toBe(false);
    expect(bcrypt.verify).toHaveBeenCalledTimes(3);
    for (const [, hash] of bcrypt.verify.mock.calls) expect(hash).toMatch(/^\$2a\$10\$/);
  });
});
