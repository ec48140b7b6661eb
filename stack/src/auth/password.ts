// Passwords: bcrypt at cost 10 as Supabase Auth stores them, and the strength rules from
// `[auth] minimum_password_length` / `password_requirements` (weak_password with reasons).
import bcrypt from 'bcryptjs';
import type { Config } from '../config/config.ts';
import { authError } from './errors.ts';

export const BCRYPT_COST = 10;
/** bcrypt reads at most 72 bytes; GoTrue refuses longer passwords. */
export const MAX_PASSWORD_LENGTH = 72;

const LOWER = 'abcdefghijklmnopqrstuvwxyz';
const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const DIGITS = '0123456789';
const SYMBOLS = '!@#$%^&*()_+-=[]{};\'\\:"|<>?,./`~';

const REQUIRED: Record<Config['auth']['passwordRequirements'], string[]> = {
  '': [],
  letters_digits: [LOWER + UPPER, DIGITS],
  lower_upper_letters_digits: [LOWER, UPPER, DIGITS],
  lower_upper_letters_digits_symbols: [LOWER, UPPER, DIGITS, SYMBOLS],
};

export const hashPassword = (password: string) => bcrypt.hash(password, BCRYPT_COST);

export async function verifyPassword(password: string, hash: string | null): Promise<boolean> {
  if (!hash || !hash.startsWith('$2')) return false;
  return bcrypt.compare(password, hash);
}

/** Throws validation_failed for an over-long password, weak_password for a weak one. */
export function checkPasswordStrength(config: Config, password: string): void {
  if (password.length > MAX_PASSWORD_LENGTH)
    throw authError(
      'validation_failed',
      `Password cannot be longer than ${MAX_PASSWORD_LENGTH} characters`,
    );
  const reasons: string[] = [];
  const messages: string[] = [];
  const min = config.auth.minimumPasswordLength;
  if (password.length < min) {
    reasons.push('length');
    messages.push(`Password should be at least ${min} characters.`);
  }
  const sets = REQUIRED[config.auth.passwordRequirements];
  if (sets.some((set) => ![...password].some((ch) => set.includes(ch)))) {
    reasons.push('characters');
    messages.push(`Password should contain at least one character of each: ${sets.join(', ')}.`);
  }
  if (reasons.length)
    throw authError('weak_password', messages.join(' '), undefined, {
      weak_password: { reasons },
    });
}
