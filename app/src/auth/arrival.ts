// A newcomer's arrival: someone a notebook was shared with before they had an account. Auth
// keeps the invitation on their user (invited_at, and share-notebook's metadata: the notebook,
// its name, who shared it). Until they have been welcomed (named themselves, chosen a password,
// or said "not now"), their first sign-in — by the invitation's link, or by a code — opens that
// notebook, and the app offers what a newcomer needs.
import type { User } from '@supabase/supabase-js';
import { peekReturnTo, rememberReturnTo } from '../lib/session/paths.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The user metadata key that says the newcomer has been welcomed (an ISO time). */
export const WELCOMED_KEY = 'welcomed_at';

type UserLike = Pick<User, 'invited_at' | 'user_metadata'>;

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** What the invitation says: the notebook (an id), its name and who shared it. */
export function invitationOf(user: UserLike): {
  notebookId: string | null;
  notebookName: string;
  sharedBy: string;
} | null {
  if (!user.invited_at) return null;
  const meta = (user.user_metadata ?? {}) as Record<string, unknown>;
  const id = text(meta.invited_to_notebook);
  return {
    notebookId: UUID.test(id) ? id : null,
    notebookName: text(meta.notebook_name),
    sharedBy: text(meta.shared_by),
  };
}

/** Invited, and not welcomed yet. */
export function isNewcomer(user: UserLike): boolean {
  return !!user.invited_at && !text((user.user_metadata ?? {})[WELCOMED_KEY]);
}

/** Where a newcomer's sign-in lands: the notebook shared with them (null for anyone else). */
export function arrivalPath(user: UserLike | null | undefined): string | null {
  if (!user || !isNewcomer(user)) return null;
  const id = invitationOf(user)?.notebookId;
  return id ? `/n/${id}` : null;
}

/**
 * Whether the sign-in that returned this user is what confirmed its address (Auth stamps both
 * in the same moment), as opposed to a sign-in to an account confirmed before.
 */
export function confirmedBySignIn(
  user: Pick<User, 'email_confirmed_at' | 'last_sign_in_at'>,
): boolean {
  if (!user.email_confirmed_at || !user.last_sign_in_at) return false;
  const gap = Date.parse(user.last_sign_in_at) - Date.parse(user.email_confirmed_at);
  return Number.isFinite(gap) && Math.abs(gap) < 5000;
}

/**
 * After a sign-in on a guest page (a code on /verify or /sign-in/code): a newcomer goes on to
 * their notebook — unless they were on their way to a page already. Call it as soon as the
 * sign-in returns: the guest guard reads the page to go to when the session arrives.
 */
export function rememberArrival(user: UserLike | null | undefined): void {
  const path = arrivalPath(user);
  if (path && !peekReturnTo()) rememberReturnTo(path);
}
