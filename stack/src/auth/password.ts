// Passwords: bcrypt at cost 10 in Supabase Auth's format ($2a$, as Go's bcrypt writes it),
// hashed and verified by a native implementation on libuv's thread pool so a sign-in never
// holds up other requests; and the strength rules from `[auth] minimum_password_length` /
// `password_requirements` (weak_password with reasons).
import { hash, verify } from '@node-rs/bcrypt';
import os from 'node:os';
import type { Config } from '../config/config.ts';
import { authError } from './errors.ts';

const BCRYPT_COST = 10;
/** bcrypt reads at most 72 bytes; GoTrue refuses longer passwords. */
const MAX_PASSWORD_LENGTH = 72;

/**
 * A cost-10 hash of a random password nobody knows. A sign-in for an account that does not
 * exist (or has no password) is checked against it, so it takes as long as one that does.
 */
const DUMMY_HASH = '$2a$10$IePgY5tcym5O9kbqCLTPOeye179dHDqnzVDoJmQlGUzn67s872jFS';

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

/**
 * How many hashes run at once: one core is left to the event loop, and libuv's pool (4 threads,
 * shared with file and DNS work) keeps threads for storage. Further sign-ins wait their turn.
 */
export const HASH_SLOTS = Math.max(1, Math.min(os.availableParallelism() - 1, 2));
let running = 0;
const waiting: (() => void)[] = [];

async function inSlot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= HASH_SLOTS) await new Promise<void>((resolve) => waiting.push(resolve));
  else running++;
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}

export const hashPassword = (password: string) =>
  inSlot(() => hash(password, { cost: BCRYPT_COST, version: '2a' }));

/**
 * Whether the password matches the stored hash ($2a$, $2b$ or $2y$). Without a usable hash the
 * dummy is checked instead and the answer is false: the work, and the time, are the same.
 */
export async function verifyPassword(
  password: string,
  stored: string | null | undefined,
): Promise<boolean> {
  const usable = !!stored && stored.startsWith('$2');
  const matches = await inSlot(() => verify(password, usable ? stored : DUMMY_HASH));
  return usable && matches;
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
