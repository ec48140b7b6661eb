import { describe, expect, it } from 'vitest';
import {
  describePasswordPolicy,
  normaliseCode,
  validateCode,
  validateCurrentPassword,
  validateEmail,
  validateNewPassword,
} from './fields.ts';

describe('validateEmail', () => {
  it('accepts an address', () => expect(validateEmail(' ada@example.com ')).toBeNull());
  it('asks for a missing address', () =>
    expect(validateEmail('')).toBe('Enter your email address.'));
  it.each(['ada', 'ada@', 'ada@example', 'a b@example.com'])('rejects %s', (value) =>
    expect(validateEmail(value)).toMatch(/like name@example.com/),
  );
});

describe('validateNewPassword', () => {
  it('accepts letters and digits of the minimum length', () =>
    expect(validateNewPassword('abcdefg1')).toBeNull());
  it('asks for a password', () => expect(validateNewPassword('')).toBe('Choose a password.'));
  it('says how long it must be', () =>
    expect(validateNewPassword('ab1')).toBe('Use at least 8 characters (3 so far).'));
  it('wants letters and digits', () => {
    expect(validateNewPassword('abcdefgh')).toBe('Use both letters and digits.');
    expect(validateNewPassword('12345678')).toBe('Use both letters and digits.');
  });
  it('applies the stricter policies', () => {
    const policy = { minLength: 6, requirement: 'lower_upper_letters_digits_symbols' as const };
    expect(validateNewPassword('abcdef1', policy)).toMatch(/symbol/);
    expect(validateNewPassword('Abcdef1!', policy)).toBeNull();
  });
  it('describes the policy', () =>
    expect(describePasswordPolicy({ minLength: 8, requirement: 'letters_digits' })).toBe(
      'At least 8 characters, with letters and digits.',
    ));
});

describe('codes', () => {
  it('keeps only digits', () => expect(normaliseCode(' 123 456 ')).toBe('123456'));
  it('needs six digits', () => {
    expect(validateCode('')).toBe('Enter the 6-digit code.');
    expect(validateCode('12345')).toBe('The code has 6 digits.');
    expect(validateCode('123-456')).toBeNull();
  });
  it('needs a current password', () => {
    expect(validateCurrentPassword('')).toBe('Enter your password.');
    expect(validateCurrentPassword('x')).toBeNull();
  });
});
