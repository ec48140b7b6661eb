import { afterEach, describe, expect, it, vi } from 'vitest';
import { EARLY_PAGE_TEXT } from './early-requests.ts';
import {
  EARLY_PAGE_WAIT_MS,
  earlyScript,
  HELD_PRELOADS,
  PLACEHOLDER,
  type EarlyScriptConfig,
} from './early-script.ts';

const NOTEBOOK = '0b7f3a4e-1111-4a2b-9c3d-5e6f7a8b9c0d';
const NOTE = '1c8e4b5f-2222-4b3c-8d4e-6f7a8b9c0d1e';
const USER = '2d9f5c6a-3333-4c4d-9e5f-7a8b9c0d1e2f';
const COOKIE = 'sb-127-auth-token';

const ENTRY = '/assets/index-abc.js';
const PRELOAD = [ENTRY, '/assets/preact-def.js'];

const config: EarlyScriptConfig = {
  cookie: COOKIE,
  entry: ENTRY,
  preload: PRELOAD,
  routes: [
    {
      pattern: '^/n/([^/]+)/?$',
      params: ['notebookId'],
      requests: [
        {
          url: `https://db.example/rest/v1/notes?notebook_id=eq.${PLACEHOLDER.notebookId}&user_id=eq.${PLACEHOLDER.userId}`,
          headers: { apikey: 'key', authorization: `Bearer ${PLACEHOLDER.token}` },
        },
      ],
    },
    {
      pattern: '^/n/([^/]+)/([^/]+)/?$',
      params: ['notebookId', 'noteId'],
      requests: [
        {
          url: `https://db.example/rest/v1/notes?id=eq.${PLACEHOLDER.noteId}&nb=${PLACEHOLDER.notebookId}`,
          headers: { authorization: `Bearer ${PLACEHOLDER.token}` },
        },
      ],
    },
  ],
};

function sessionCookie(session: object, chunks = 1): string {
  const value = `base64-${Buffer.from(JSON.stringify(session)).toString('base64url')}`;
  if (chunks === 1) return `${COOKIE}=${value}`;
  const size = Math.ceil(value.length / chunks);
  return Array.from(
    { length: chunks },
    (_, i) => `${COOKIE}.${i}=${value.slice(i * size, (i + 1) * size)}`,
  ).join('; ');
}

const session = (expiresInS: number, extra: object = {}) => ({
  access_token: 'token-é',
  expires_at: Math.floor(Date.now() / 1000) + expiresInS,
  user: { id: USER, email: 'zoë@example.com' },
  ...extra,
});

/** A document with these cookies (parsed up to #root unless told otherwise) that records the
 * elements added to its head. */
function fakeDocument(cookie: string, parsed = true) {
  const added: Record<string, unknown>[] = [];
  const state = { parsed };
  return {
    cookie,
    state,
    documentElement: {},
    createElement: (tag: string) => ({ tag }),
    getElementById: (id: string) => (state.parsed && id === 'root' ? { id } : null),
    head: { appendChild: (el: Record<string, unknown>) => added.push(el) },
    added,
  };
}

/** Runs the script as a page would, with these cookies and this address. */
function run(cookie: string, pathname: string, search = '') {
  const fetch = vi.fn(() => Promise.resolve(new Response('[]')));
  const window: { __sheafEarly?: { userId: string; responses: Record<string, unknown> } } = {};
  const document = fakeDocument(`theme=dark; ${cookie}`);
  new Function('window', 'document', 'location', 'fetch', earlyScript(config))(
    window,
    document,
    { pathname, search },
    fetch,
  );
  return { fetch, early: window.__sheafEarly, added: document.added };
}

describe('the early requests script', () => {
  it('starts a notebook’s requests with the session cookie’s user and token', () => {
    const { fetch, early } = run(sessionCookie(session(3600)), `/n/${NOTEBOOK}`);
    const url = `https://db.example/rest/v1/notes?notebook_id=eq.${NOTEBOOK}&user_id=eq.${USER}`;
    expect(fetch).toHaveBeenCalledExactlyOnceWith(url, {
      headers: { apikey: 'key', authorization: 'Bearer token-é' },
    });
    expect(early?.userId).toBe(USER);
    expect(Object.keys(early?.responses ?? {})).toEqual([url]);
  });

  it('fills every route parameter and reads a session cookie in chunks', () => {
    const { fetch } = run(sessionCookie(session(3600), 3), `/n/${NOTEBOOK}/${NOTE}`);
    expect(fetch).toHaveBeenCalledExactlyOnceWith(
      `https://db.example/rest/v1/notes?id=eq.${NOTE}&nb=${NOTEBOOK}`,
      { headers: { authorization: 'Bearer token-é' } },
    );
  });

  it('starts nothing without a session, or with one auth-js would refresh first', () => {
    expect(run('', `/n/${NOTEBOOK}`).fetch).not.toHaveBeenCalled();
    expect(run(sessionCookie(session(60)), `/n/${NOTEBOOK}`).fetch).not.toHaveBeenCalled();
    expect(run(sessionCookie(session(-10)), `/n/${NOTEBOOK}`).fetch).not.toHaveBeenCalled();
    expect(run(`${COOKIE}=base64-%%%`, `/n/${NOTEBOOK}`).early).toBeUndefined();
  });

  it('starts nothing on other pages, for ids that are not UUIDs, or a sorted or filtered list', () => {
    const cookie = sessionCookie(session(3600));
    expect(run(cookie, '/').fetch).not.toHaveBeenCalled();
    expect(run(cookie, '/settings/profile').fetch).not.toHaveBeenCalled();
    expect(run(cookie, '/n/not-a-uuid').fetch).not.toHaveBeenCalled();
    expect(run(cookie, `/n/${NOTEBOOK}`, '?sort=title').fetch).not.toHaveBeenCalled();
    expect(run(cookie, `/n/${NOTEBOOK}`, '?tag=work').fetch).not.toHaveBeenCalled();
  });

  it('starts nothing for a session whose user id is not a UUID', () => {
    const odd = session(3600, { user: { id: '../admin' } });
    expect(run(sessionCookie(odd), `/n/${NOTEBOOK}`).fetch).not.toHaveBeenCalled();
  });

  it('keeps a rejected request from being reported as unhandled', async () => {
    const failing = vi.fn(() => Promise.reject(new TypeError('offline')));
    const window: { __sheafEarly?: { responses: Record<string, Promise<unknown>> } } = {};
    new Function('window', 'document', 'location', 'fetch', earlyScript(config))(
      window,
      fakeDocument(sessionCookie(session(3600))),
      { pathname: `/n/${NOTEBOOK}`, search: '' },
      failing,
    );
    const [response] = Object.values(window.__sheafEarly!.responses);
    await expect(response).rejects.toThrow('offline');
  });

  it('writes a request several pages make once, and each page still starts it', () => {
    const shared = {
      url: `https://db.example/rest/v1/shared?nb=${PLACEHOLDER.notebookId}`,
      headers: {},
    };
    const both: EarlyScriptConfig = {
      cookie: COOKIE,
      entry: ENTRY,
      preload: PRELOAD,
      routes: config.routes.map((r) => ({ ...r, requests: [shared, ...r.requests] })),
    };
    const script = earlyScript(both);
    expect(script.split('/rest/v1/shared').length - 1).toBe(1);
    for (const path of [`/n/${NOTEBOOK}`, `/n/${NOTEBOOK}/${NOTE}`]) {
      const fetch = vi.fn(() => Promise.resolve(new Response('[]')));
      new Function('window', 'document', 'location', 'fetch', script)(
        {},
        fakeDocument(sessionCookie(session(3600))),
        { pathname: path, search: '' },
        fetch,
      );
      expect(fetch).toHaveBeenCalledWith(`https://db.example/rest/v1/shared?nb=${NOTEBOOK}`, {
        headers: {},
      });
    }
  });

  describe('starting the app', () => {
    const entryAdded = (added: Record<string, unknown>[]) =>
      added.filter((el) => el.tag === 'script' && el.src === ENTRY && el.type === 'module');
    const jwt = (claims: object) =>
      `h.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.s`;
    const painting: EarlyScriptConfig = {
      ...config,
      routes: config.routes.map((r) => ({ ...r, paint: 0 })),
      paint: { css: [], text: EARLY_PAGE_TEXT },
    };
    const preloaded = (added: Record<string, unknown>[]) =>
      added.filter((el) => el.tag === 'link' && el.rel === 'modulepreload').map((el) => el.href);
    function runPainting(token: string, factors: object[] = []) {
      const fetch = vi.fn(() => Promise.resolve(new Response('[]')));
      const document = fakeDocument(
        sessionCookie(session(3600, { access_token: token, user: { id: USER, factors } })),
      );
      const window: Record<string, unknown> = {};
      new Function('window', 'document', 'location', 'fetch', earlyScript(painting))(
        window,
        document,
        { pathname: `/n/${NOTEBOOK}`, search: '' },
        fetch,
      );
      return { fetch, added: document.added, window };
    }

    afterEach(() => {
      vi.useRealTimers();
      vi.unstubAllGlobals();
    });

    it('fetches the entry and its chunks first, then runs it', () => {
      const { added } = run('', '/sign-in');
      expect(preloaded(added)).toEqual(PRELOAD);
      expect(added.findIndex((el) => el.src === ENTRY)).toBe(PRELOAD.length);
    });

    it('asks for no script while it draws a page early, holding the route’s preloads until the app starts', async () => {
      const { added, window } = runPainting(jwt({ aal: 'aal1' }));
      expect(added).toEqual([]);
      // The route preload script, which runs next, leaves its script preloads here.
      const held = window[HELD_PRELOADS] as (() => void)[];
      expect(held).toEqual([]);
      const routeChunk = vi.fn(() =>
        added.push({ tag: 'link', rel: 'modulepreload', href: 'r.js' }),
      );
      held.push(routeChunk);
      await vi.waitFor(() => expect(entryAdded(added)).toHaveLength(1));
      expect(routeChunk).toHaveBeenCalledOnce();
      expect(preloaded(added)).toEqual([...PRELOAD, 'r.js']);
      expect(window[HELD_PRELOADS]).toBeNull();
    });

    it('holds nothing back on a page it does not draw', () => {
      const window: Record<string, unknown> = {};
      new Function('window', 'document', 'location', 'fetch', earlyScript(painting))(
        window,
        fakeDocument(sessionCookie(session(3600))),
        { pathname: '/settings/profile', search: '' },
        vi.fn(),
      );
      // The app has started: the route preload script adds its links at once.
      expect(Array.isArray(window[HELD_PRELOADS])).toBe(false);
    });

    it('runs the entry module on every page, as the document would have', () => {
      expect(entryAdded(run('', '/sign-in').added)).toHaveLength(1);
      expect(entryAdded(run(sessionCookie(session(3600)), '/').added)).toHaveLength(1);
      expect(entryAdded(run(sessionCookie(session(3600)), `/n/${NOTEBOOK}`).added)).toHaveLength(1);
      expect(entryAdded(run(`${COOKIE}=base64-%%%`, `/n/${NOTEBOOK}`).added)).toHaveLength(1);
    });

    it('waits until #root is parsed (a module added earlier could run before it exists)', () => {
      const observers: (() => void)[] = [];
      vi.stubGlobal(
        'MutationObserver',
        class {
          constructor(readonly callback: () => void) {}
          observe() {
            observers.push(this.callback);
          }
          disconnect() {
            observers.splice(observers.indexOf(this.callback), 1);
          }
        },
      );
      const document = fakeDocument('', false);
      new Function('window', 'document', 'location', 'fetch', earlyScript(config))(
        {},
        document,
        { pathname: '/sign-in', search: '' },
        vi.fn(),
      );
      expect(entryAdded(document.added)).toHaveLength(0);
      // Its chunks are on their way meanwhile.
      expect(preloaded(document.added)).toEqual(PRELOAD);
      observers[0]!();
      expect(entryAdded(document.added)).toHaveLength(0);
      document.state.parsed = true;
      observers[0]!();
      expect(entryAdded(document.added)).toHaveLength(1);
      expect(observers).toHaveLength(0);
    });

    it('on a page drawn early, runs it once the responses are in, and only once', async () => {
      const { added } = runPainting(jwt({ aal: 'aal1' }));
      expect(entryAdded(added)).toHaveLength(0);
      await vi.waitFor(() => expect(entryAdded(added)).toHaveLength(1));
      await new Promise((resolve) => setTimeout(resolve, EARLY_PAGE_WAIT_MS + 50));
      expect(entryAdded(added)).toHaveLength(1);
    });

    it('runs it after the longest wait when the responses take longer', () => {
      vi.useFakeTimers();
      const fetch = vi.fn(() => new Promise<Response>(() => undefined));
      const document = fakeDocument(sessionCookie(session(3600, { access_token: jwt({}) })));
      new Function('window', 'document', 'location', 'fetch', earlyScript(painting))(
        {},
        document,
        { pathname: `/n/${NOTEBOOK}`, search: '' },
        fetch,
      );
      vi.advanceTimersByTime(EARLY_PAGE_WAIT_MS - 1);
      expect(entryAdded(document.added)).toHaveLength(0);
      vi.advanceTimersByTime(1);
      expect(entryAdded(document.added)).toHaveLength(1);
    });

    it('draws nothing early while the session still needs its second factor', () => {
      const { added, fetch } = runPainting(jwt({ aal: 'aal1' }), [{ status: 'verified' }]);
      expect(fetch).toHaveBeenCalled();
      expect(entryAdded(added)).toHaveLength(1);
      const passed = runPainting(jwt({ aal: 'aal2' }), [{ status: 'verified' }]);
      expect(entryAdded(passed.added)).toHaveLength(0);
    });
  });
});
