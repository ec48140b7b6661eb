// How an account is named and reached, for email and phone accounts alike: Auth returns "" (not
// null) for a missing email or phone, and phone numbers without the "+".
import type { User } from '@supabase/supabase-js';

/** The account's email address, or null for a phone-only account. */
export function accountEmail(user: Pick<User, 'email'>): string | null {
  return user.email?.trim() ? user.email.trim() : null;
}

/** The account's phone number in E.164 ("+4477…"), or null. */
export function accountPhone(user: Pick<User, 'phone'>): string | null {
  const digits = user.phone?.trim().replace(/^\+/, '');
  return digits ? `+${digits}` : null;
}

/** The name the person chose, else their email's local part; null when there is neither. */
export function displayNameOf(user: Pick<User, 'email' | 'user_metadata'>): string | null {
  const chosen = user.user_metadata?.display_name;
  if (typeof chosen === 'string' && chosen.trim()) return chosen.trim();
  return accountEmail(user)?.split('@')[0] || null;
}
