// The first REST requests of a page, started by index.html's inline script before any module has
// loaded (app/build/early-requests.ts writes it from the requests the page's route prefetch
// makes): the same URLs and headers, with the access token and user of the session cookie the
// auth client reads. The REST client takes such a response instead of sending its own request —
// each one once, and only during the page's first seconds (the data of the page as it opened,
// never of a later navigation). On a notebook's page the script also draws the page from those
// responses while the app loads (app/build/early-page.ts), in #sheaf-early with #root hidden; the
// app ends that picture in the frame it draws the page itself, or whenever it shows anything
// else (endEarlyPage).

/** What the inline script leaves on window: the session it used and the responses by URL. */
export interface EarlyRequests {
  userId: string;
  /** The path the requests were started for. */
  path: string;
  responses: Record<string, Promise<Response> | undefined>;
  /** Set once the app has drawn a page: the script draws nothing after that. */
  ended?: boolean;
}

/** The element the early page is drawn in (by app/build/early-script.ts). */
export const EARLY_PAGE_ID = 'sheaf-early';

declare global {
  interface Window {
    __sheafEarly?: EarlyRequests;
  }
}

/** How long after navigation start an early response may still be taken. */
export const EARLY_LIFETIME_MS = 10_000;

function registry(): EarlyRequests | null {
  if (typeof window === 'undefined' || !window.__sheafEarly) return null;
  if (performance.now() > EARLY_LIFETIME_MS) {
    forgetEarlyRequests();
    return null;
  }
  return window.__sheafEarly;
}

/** The user whose session started the early requests, while they may be taken. */
export function earlyUserId(): string | null {
  return registry()?.userId ?? null;
}

/** The early response for this GET request, taken (a second call gets null). */
export function takeEarlyResponse(url: string, init?: RequestInit): Promise<Response> | null {
  if ((init?.method ?? 'GET').toUpperCase() !== 'GET') return null;
  const early = registry();
  const response = early?.responses[url];
  if (!early || !response) return null;
  delete early.responses[url];
  return response;
}

/** Drops whatever is left (on sign-out: nothing of that session may be used). */
export function forgetEarlyRequests(): void {
  if (typeof window === 'undefined' || !window.__sheafEarly) return;
  window.__sheafEarly.ended = true;
  delete window.__sheafEarly;
}

/** The path the early requests (and the early page) were for, while they may be taken. */
export function earlyPath(): string | null {
  return registry()?.path ?? null;
}

/** Ends the early page, drawn or not: the app shows its own from now on. */
export function endEarlyPage(): void {
  if (typeof window === 'undefined') return;
  if (window.__sheafEarly) window.__sheafEarly.ended = true;
  const picture = document.getElementById(EARLY_PAGE_ID);
  if (!picture) return;
  picture.remove();
  const root = document.getElementById('root');
  if (root) root.hidden = false;
}
