// A visitor with no session who opens a signed-in page (the app's address `/` above all) goes
// to /sign-in before the router starts, so that no signed-in page's code is asked for. The
// router loads every matched route's `lazy` module at once, the protected guard's children
// included, before the guard has rendered and sent the visitor away: without this, a newcomer's
// first visit fetched the signed-in home (the workspace, the notebooks, recent notes, the query
// library) on the way to the sign-in form. A session lives in the auth cookie
// (`sb-<ref>-auth-token`, or its first chunk `.0`: lib/auth-client.ts), so its absence is known
// at once, as index.html's scripts know it (app/build/route-preload.ts preloads the sign-in
// page's chunks for such a visit). The decision is the guard's, only taken earlier: the page
// wanted is remembered for after signing in, and the address is replaced (no history entry).
// A page opened with the answer of an auth redirect in its address is left to auth-js.
import { matchRoutes, type RouteObject } from 'react-router';
import { rememberReturnTo } from '../lib/session/paths.ts';

/** The id of the route whose pages need a session (the protected guard's). */
export const PROTECTED_ROUTE_ID = 'protected';

/** Whether the cookies hold a session under this storage key (whole or chunked). */
export function hasSessionCookie(cookies: string, storageKey: string): boolean {
  return cookies
    .split(/;\s*/)
    .some((c) => c.startsWith(`${storageKey}=`) || c.startsWith(`${storageKey}.0=`));
}

/** Whether the address carries an auth redirect's answer (a PKCE code, a token or an error). */
function carriesAuthAnswer(search: string, hash: string): boolean {
  const query = new URLSearchParams(search);
  const fragment = new URLSearchParams(hash.replace(/^#/, ''));
  return (
    query.has('code') ||
    query.has('error') ||
    query.has('error_description') ||
    fragment.has('access_token') ||
    fragment.has('error') ||
    fragment.has('error_description')
  );
}

interface Where {
  pathname: string;
  search: string;
  hash: string;
}

/** Where a visitor at `where` starts instead: /sign-in when the page needs a session, there is
 * none and the address carries no auth answer; otherwise null (the router starts there). */
export function signedOutStart(
  routes: RouteObject[],
  where: Where,
  cookies: string,
  storageKey: string,
): string | null {
  if (hasSessionCookie(cookies, storageKey)) return null;
  if (carriesAuthAnswer(where.search, where.hash)) return null;
  const matches = matchRoutes(routes, where.pathname);
  if (!matches?.some((m) => m.route.id === PROTECTED_ROUTE_ID)) return null;
  return '/sign-in';
}

/** Replaces the address with /sign-in when the visitor has no session and the page needs one,
 * remembering the page for after signing in (as the protected guard does). */
export function startSignedOut(routes: RouteObject[], storageKey: string): void {
  const { pathname, search, hash } = window.location;
  const target = signedOutStart(routes, { pathname, search, hash }, document.cookie, storageKey);
  if (!target) return;
  rememberReturnTo(`${pathname}${search}`);
  window.history.replaceState(window.history.state, '', target);
}
