// Which routes are for signed-out visitors, and where to go back after signing in. The page to
// go back to belongs to a person: remembered when someone is signed out without asking (their
// session ended elsewhere, or expired), it is for that person only — another person signing in
// on the same browser starts at their own home (returnToFor below).

/** Pages a signed-in user has no business on; the guest guard sends them onward. (/auth/callback
 * is not one: it finishes its own link and then moves on.) */
export const GUEST_PATHS = ['/sign-in', '/sign-in/code', '/sign-up', '/verify', '/forgot-password'];

export function isGuestPath(pathname: string): boolean {
  return GUEST_PATHS.includes(pathname.replace(/\/+$/, '') || '/');
}

const KEY = 'sheaf.returnTo';

interface Remembered {
  path: string;
  /** Whose page it was; absent for a visitor who was not signed in (a link they followed). */
  user?: string;
}

function read(): Remembered | null {
  let raw: string | null = null;
  try {
    raw = sessionStorage.getItem(KEY);
  } catch {
    return null;
  }
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<Remembered>;
    if (typeof value.path !== 'string') return null;
    return { path: value.path, user: typeof value.user === 'string' ? value.user : undefined };
  } catch {
    return null; // a value of an older version: start at home
  }
}

/** Remembers the page a signed-out visitor wanted (kept across the email-link round trip), and
 * whose it was when `user` is known. Remembering the same page again without a user keeps it. */
export function rememberReturnTo(path: string, user?: string): void {
  if (isGuestPath(path.split('?')[0] ?? path)) return;
  const before = read();
  const owner = user ?? (before?.path === path ? before.user : undefined);
  try {
    sessionStorage.setItem(KEY, JSON.stringify(owner ? { path, user: owner } : { path }));
  } catch {
    // storage unavailable (private mode): we simply go home afterwards
  }
}

/** The remembered page, if any; only same-origin paths are honoured. The protected guard forgets
 * it once the user has arrived. */
export function peekReturnTo(): string | null {
  const value = read()?.path ?? null;
  return value && value.startsWith('/') && !value.startsWith('//') ? value : null;
}

/** The remembered page when `userId` may be sent there: another person's page is forgotten. */
export function returnToFor(userId: string): string | null {
  const remembered = read();
  if (remembered?.user && remembered.user !== userId) {
    forgetReturnTo();
    return null;
  }
  return peekReturnTo();
}

export function forgetReturnTo(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // ignore
  }
}

/** The notebook a path opens (`/n/:id…`), if it opens one. */
export function notebookOf(path: string): string | null {
  return /^\/n\/([0-9a-f-]{36})(?:[/?#]|$)/i.exec(path)?.[1] ?? null;
}
