// The password someone typed on /sign-up, held in this tab's memory (never stored) until their
// code is verified. Auth does not take it when the address already holds an invitation: it
// confirms the address and gives the account a password nobody knows. When the code confirms
// such an address, the app sets the password the person chose, so it works next time.
import type { Auth } from '../lib/supabase.ts';
import { confirmedBySignIn } from './arrival.ts';
import type { User } from '@supabase/supabase-js';

let pending: { email: string; password: string } | null = null;
/** Users who chose their password in this tab (the welcome then does not ask again). */
const chosen = new Set<string>();

export function holdSignUpPassword(email: string, password: string): void {
  pending = { email: email.trim().toLowerCase(), password };
}

/** Sets the held password on an invited account the code just confirmed. Errors are left to
 * the welcome, which asks for a password while none was chosen here. */
export async function applySignUpPassword(auth: Auth, user: User): Promise<void> {
  const held = pending;
  pending = null;
  if (!held || held.email !== user.email?.toLowerCase()) return;
  if (!user.invited_at || !confirmedBySignIn(user)) return;
  const { error } = await auth.updateUser({ password: held.password });
  if (!error) chosen.add(user.id);
}

export function choseOwnPassword(userId: string): boolean {
  return chosen.has(userId);
}

export function markPasswordChosen(userId: string): void {
  chosen.add(userId);
}
