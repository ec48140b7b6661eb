// Which routes are for signed-out visitors, and where to go back after signing in.

/** Pages a signed-in user has no business on; the guest guard sends them onward. (/auth/callback
 * is not one: it finishes its own link and then moves on.) */
export const GUEST_PATHS = ['/sign-in', '/sign-in/code', '/sign-up', '/verify', '/forgot-password'];

export function isGuestPath(pathname: string): boolean {
  return GUEST_PATHS.includes(pathname.replace(/\/+$/, '') || '/');
}

const KEY = 'sheaf.returnTo';

/** Remembers the page a signed-out visitor wanted (kept across the email-link round trip). */
export function rememberReturnTo(path: string): void {
  if (isGuestPath(path.split('?')[0] ?? path)) return;
  try {
    sessionStorage.setItem(KEY, path);
  } catch {
    // storage unavailable (private mode): we simply go home afterwards
  }
}

/** The remembered page, if any; only same-origin paths are honoured. The protected guard forgets
 * it once the user has arrived. */
export function peekReturnTo(): string | null {
  let value: string | null = null;
  try {
    value = sessionStorage.getItem(KEY);
  } catch {
    return null;
  }
  return value && value.startsWith('/') && !value.startsWith('//') ? value : null;
}

export function forgetReturnTo(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // ignore
  }
}
