// The second steps a person can use after their password (authenticator apps, phones, and
// security keys or passkeys as WebAuthn factors), as auth-js's listFactors() gives them, with the
// words the pages show for each.
import type { Factor } from '@supabase/supabase-js';

/** A TOTP, phone or WebAuthn factor; Auth's factor JSON carries the number of a phone factor. */
export type SecondFactor = Factor<'totp' | 'phone' | 'webauthn'> & { phone?: string };

export function secondFactors(all: Factor[]): SecondFactor[] {
  return all.filter(
    (f): f is SecondFactor =>
      f.factor_type === 'totp' || f.factor_type === 'phone' || f.factor_type === 'webauthn',
  );
}

/** Which second step /mfa offers first: a security key (one touch, nothing to type), then an
 * authenticator app, then a phone (it needs a text message). */
const ORDER: Record<SecondFactor['factor_type'], number> = { webauthn: 0, totp: 1, phone: 2 };

export function byPreference(factors: SecondFactor[]): SecondFactor[] {
  return [...factors].sort((a, b) => ORDER[a.factor_type] - ORDER[b.factor_type]);
}

/** The factor's number in E.164 form ("+447911123456"), or '' for any other kind. */
export function factorPhone(factor: SecondFactor): string {
  const phone = factor.factor_type === 'phone' ? (factor.phone ?? '') : '';
  return phone && !phone.startsWith('+') ? `+${phone}` : phone;
}

/** "•••• 3456" (kept on one line): enough of a number to recognise it, shown before the second
 * step is done. */
export function maskedPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return digits.length > 4 ? `••••\u00a0${digits.slice(-4)}` : phone;
}

/** How the factor is named in a list: its name, else what kind of second step it is. */
export function factorName(factor: SecondFactor): string {
  if (factor.friendly_name) return factor.friendly_name;
  if (factor.factor_type === 'phone') return `Phone ${factorPhone(factor)}`;
  return factor.factor_type === 'webauthn' ? 'Security key' : 'Authenticator app';
}

/** What kind of second step it is, in a list of them. */
export function factorKind(factor: SecondFactor): string {
  if (factor.factor_type === 'phone') return 'Codes by text message';
  return factor.factor_type === 'webauthn' ? 'Security key or passkey' : 'Authenticator app';
}

/** `base`, or "base 2", "base 3"…: the first name none of `factors` has (Auth refuses a name
 * twice), for a new second step's name field. */
export function freshName(base: string, factors: SecondFactor[]): string {
  const taken = new Set(factors.map((f) => f.friendly_name?.trim()));
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base} ${n}`)) return `${base} ${n}`;
}
