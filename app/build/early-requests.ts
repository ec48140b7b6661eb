// A Vite plugin that lets a notebook page's first REST requests leave with index.html instead of
// after the app's code has loaded and run. At build time it runs the notebook route's own
// prefetch (app/src/notes/data/prefetch.ts) against a REST client that records instead of
// sending, with placeholders for the route parameters, the user and the token — so the early
// requests are exactly the ones the page makes, by construction — and writes them into a small
// inline script (early-script.ts) at the top of index.html. The app's REST client then answers
// those requests with the responses already on their way (app/src/lib/early-requests.ts). The
// script also draws the page from them (early-page.ts) with the notebook page's stylesheets and
// the app's own words, both taken from the build and the app's modules here.
import { QueryClient } from '@tanstack/react-query';
import type { Plugin } from 'vite';
import { storageKeyFor } from '../src/lib/client-config.ts';
import { readEnv, type AppEnv } from '../src/lib/env.ts';
import { createRestClient, urlOf } from '../src/lib/rest-client.ts';
import { describeKeys } from '../src/lib/keyboard/shortcuts.ts';
import { PAGE_SIZE } from '../src/notes/data/types.ts';
import { prefetchNotebook } from '../src/notes/data/prefetch.ts';
import { OVER_LIMIT, ROLE_LEAD, SORTS } from '../src/notes/notebook-text.ts';
import type { EarlyPageText } from './early-page.ts';
import { earlyScript, PLACEHOLDER, type EarlyRequest, type EarlyRoute } from './early-script.ts';
import { builtChunks, pageFiles } from './route-preload.ts';
import { NOTEBOOK_PAGE } from './route-modules.ts';

/** The pages with early requests: a notebook, and a notebook with a note open. */
const ROUTES: { pattern: string; params: (keyof typeof PLACEHOLDER)[] }[] = [
  { pattern: '^/n/([^/]+)/?$', params: ['notebookId'] },
  { pattern: '^/n/([^/]+)/([^/]+)/?$', params: ['notebookId', 'noteId'] },
];

/** The requests the notebook route's prefetch makes for a path, recorded, not sent. */
export async function captureRequests(
  env: AppEnv,
  params: { notebookId?: string; noteId?: string },
): Promise<EarlyRequest[]> {
  const requests: EarlyRequest[] = [];
  const record: typeof fetch = async (input, init) => {
    const method = (init?.method ?? 'GET').toUpperCase();
    if (method !== 'GET') throw new Error(`early-requests: the prefetch sent a ${method}`);
    requests.push({ url: urlOf(input), headers: Object.fromEntries(new Headers(init?.headers)) });
    return new Response('[]', { status: 200, headers: { 'Content-Type': 'application/json' } });
  };
  const auth = {
    getSession: async () => ({
      data: { session: { access_token: PLACEHOLDER.token, user: { id: PLACEHOLDER.userId } } },
      error: null,
    }),
  } as unknown as Parameters<typeof createRestClient>[1];
  const rest = createRestClient(env, auth, record);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const path = `/n/${[params.notebookId, params.noteId].filter(Boolean).join('/')}`;
  await prefetchNotebook(
    queryClient,
    { auth, rest: async () => rest },
    new URL(path, 'http://app.invalid'),
    params,
  );
  for (let i = 0; i < 100 && queryClient.isFetching() > 0; i++)
    await new Promise((resolve) => setTimeout(resolve, 0));
  queryClient.clear();
  return requests;
}

/** The app's words the early page shows (its sorts, role sentences and keys). */
export const EARLY_PAGE_TEXT: EarlyPageText = {
  roleLead: ROLE_LEAD,
  sorts: SORTS,
  pageSize: PAGE_SIZE,
  keys: {
    apple: { search: describeKeys('mod+k', true), newNote: describeKeys('n', true) },
    other: { search: describeKeys('mod+k', false), newNote: describeKeys('n', false) },
  },
  overLimit: OVER_LIMIT,
};

/** Which of a notebook page's requests answers the notebook with the person's role, pins and
 * first notes (the early page is drawn from it); fails the build when the prefetch changed. */
export function paintIndex(requests: EarlyRequest[]): number {
  const at = requests.findIndex((r) => {
    const url = new URL(r.url);
    return url.pathname.endsWith('/rest/v1/notebooks') && url.searchParams.has('me.user_id');
  });
  if (at < 0)
    throw new Error('early-requests: the notebook page no longer opens with its first page');
  return at;
}

/** The entry module's script element as Vite writes it into index.html (with its indent). */
const ENTRY_SCRIPT = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/;
/** A chunk index.html preloads for the entry, as Vite writes it. */
const MODULE_PRELOAD = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;

/** The entry module of Vite's index.html and every chunk to fetch as it starts: itself, then
 * those the page preloads for it. */
export function entryFiles(html: string): { entry: string; preload: string[] } {
  const entry = ENTRY_SCRIPT.exec(html)?.[1];
  if (!entry) throw new Error('early-requests: index.html has no entry module script');
  return { entry, preload: [entry, ...Array.from(html.matchAll(MODULE_PRELOAD), (m) => m[1]!)] };
}

/** index.html with the early script first in <head> (after the charset, which must come within
 * its first 1024 bytes), and neither the entry module nor its preloads: the script asks for
 * them when it starts the app (entryFiles). Anything else in it stays, its stylesheet too. */
export function startedByScript(html: string, script: string): string {
  const charset = /\s*<meta charset="[^"]*"\s*\/?>/i;
  if (!charset.test(html) || !ENTRY_SCRIPT.test(html) || !/<head>/.test(html))
    throw new Error('early-requests: index.html is not as expected (head, charset, entry)');
  return html
    .replace(charset, '')
    .replace(MODULE_PRELOAD, '')
    .replace(ENTRY_SCRIPT, '')
    .replace('<head>', `<head>\n    <meta charset="UTF-8" />\n    <script>${script}</script>`);
}

export function earlyRequests(): Plugin {
  let raw: Record<string, string | undefined> = {};
  let base = '/';
  return {
    name: 'sheaf-early-requests',
    apply: 'build',
    configResolved(config) {
      raw = { ...config.env };
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      async handler(html, ctx) {
        if (!ctx.bundle) return;
        // Without a valid configuration the app shows its configuration page: nothing to fetch.
        const result = readEnv(raw);
        if (!result.ok) return;
        const routes: EarlyRoute[] = [];
        for (const { pattern, params } of ROUTES) {
          const values = Object.fromEntries(params.map((p) => [p, PLACEHOLDER[p]]));
          const requests = await captureRequests(result.env, values);
          if (requests.length === 0) throw new Error(`early-requests: no requests for ${pattern}`);
          routes.push({ pattern, params, requests, paint: paintIndex(requests) });
        }
        const cookie = storageKeyFor(result.env.supabaseUrl);
        const css = pageFiles(
          builtChunks(ctx.bundle),
          base,
        )(NOTEBOOK_PAGE).filter((f) => f.endsWith('.css'));
        const { entry, preload } = entryFiles(html);
        const paint = { css, text: EARLY_PAGE_TEXT };
        return startedByScript(html, earlyScript({ cookie, routes, paint, entry, preload }));
      },
    },
  };
}
