// The first REST requests of a page, started by index.html's inline script before any module has
// loaded (app/build/early-requests.ts writes it from the requests the page's route prefetch
// makes): the same URLs and headers, with the access token and user of the session cookie the
// auth client reads. The REST client takes such a response instead of sending its own request —
// each one once, and only during the page's first seconds (the data of the page as it opened,
// never of a later navigation).

/** What the inline script leaves on window: the session it used and the responses by URL. */
export interface EarlyRequests {
  userId: string;
  responses: Record<string, Promise<Response> | undefined>;
}

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
    delete window.__sheafEarly;
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
  if (typeof window !== 'undefined') delete window.__sheafEarly;
}
