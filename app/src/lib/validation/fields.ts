// Client-side validation of the account forms: each check returns the sentence to show under the
// field, or null when the value is fine. The server checks again; these only save a round trip.

export type PasswordRequirement =
  '' | 'letters_digits' | 'lower_upper_letters_digits' | 'lower_upper_letters_digits_symbols';

export interface PasswordPolicy {
  minLength: number;
  requirement: PasswordRequirement;
}

/** Sheaf's config.toml: minimum_password_length = 8, password_requirements = "letters_digits". */
export const SHEAF_PASSWORD_POLICY: PasswordPolicy = {
  minLength: 8,
  requirement: 'letters_digits',
};

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function validateEmail(value: string): string | null {
  const email = value.trim();
  if (!email) return 'Enter your email address.';
  if (email.length > 255 || !EMAIL.test(email))
    return 'Enter an email address like name@example.com.';
  return null;
}

/** A person-readable summary of the policy, shown under the password field before submit. */
export function describePasswordPolicy(policy: PasswordPolicy): string {
  const parts = [`At least ${policy.minLength} characters`];
  if (policy.requirement === 'letters_digits') parts.push('with letters and digits');
  if (policy.requirement === 'lower_upper_letters_digits')
    parts.push('with lower- and upper-case letters and digits');
  if (policy.requirement === 'lower_upper_letters_digits_symbols')
    parts.push('with lower- and upper-case letters, digits and a symbol');
  return `${parts.join(', ')}.`;
}

/** Checks a new password against the policy (sign-up, reset, change). */
export function validateNewPassword(
  value: string,
  policy: PasswordPolicy = SHEAF_PASSWORD_POLICY,
): string | null {
  if (!value) return 'Choose a password.';
  if (value.length < policy.minLength)
    return `Use at least ${policy.minLength} characters (${value.length} so far).`;
  if (value.length > 72) return 'Use at most 72 characters.';
  const lower = /[a-z]/.test(value);
  const upper = /[A-Z]/.test(value);
  const letter = /[A-Za-z]/.test(value);
  const digit = /[0-9]/.test(value);
  const symbol = /[^A-Za-z0-9]/.test(value);
  switch (policy.requirement) {
    case 'letters_digits':
      if (!letter || !digit) return 'Use both letters and digits.';
      break;
    case 'lower_upper_letters_digits':
      if (!lower || !upper || !digit) return 'Use lower-case and upper-case letters and digits.';
      break;
    case 'lower_upper_letters_digits_symbols':
      if (!lower || !upper || !digit || !symbol)
        return 'Use lower-case and upper-case letters, digits and a symbol.';
      break;
    default:
      break;
  }
  return null;
}

/** Sign-in only checks that a password was typed; the server decides whether it is right. */
export function validateCurrentPassword(value: string): string | null {
  return value ? null : 'Enter your password.';
}

/** Keeps the digits of a pasted or typed code ("123 456" → "123456"). */
export function normaliseCode(value: string): string {
  return value.replace(/\D/g, '').slice(0, 6);
}

export function validateCode(value: string): string | null {
  const code = normaliseCode(value);
  if (!code) return 'Enter the 6-digit code.';
  if (code.length !== 6) return 'The code has 6 digits.';
  return null;
}
