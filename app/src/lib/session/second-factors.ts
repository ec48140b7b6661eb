// The second steps a person can use after their password (authenticator apps and phones), as
// auth-js's listFactors() gives them, with the words the pages show for each.
import type { Factor } from '@supabase/supabase-js';

/** A TOTP or phone factor; Auth's factor JSON carries the number of a phone factor. */
export type SecondFactor = Factor<'totp' | 'phone'> & { phone?: string };

export function secondFactors(all: Factor[]): SecondFactor[] {
  return all.filter(
    (f): f is SecondFactor => f.factor_type === 'totp' || f.factor_type === 'phone',
  );
}

/** The factor's number in E.164 form ("+447911123456"), or '' for an authenticator app. */
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

/** How the factor is named in a list: its name, else "Authenticator app" or its number. */
export function factorName(factor: SecondFactor): string {
  if (factor.friendly_name) return factor.friendly_name;
  return factor.factor_type === 'phone' ? `Phone ${factorPhone(factor)}` : 'Authenticator app';
}
