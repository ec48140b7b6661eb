// A Vite plugin that lets a notebook page's first REST requests leave with index.html instead of
// after the app's code has loaded and run. At build time it runs the notebook route's own
// prefetch (app/src/notes/data/prefetch.ts) against a REST client that records instead of
// sending, with placeholders for the route parameters, the user and the token — so the early
// requests are exactly the ones the page makes, by construction — and writes them into a small
// inline script (early-script.ts) at the top of index.html. The app's REST client then answers
// those requests with the responses already on their way (app/src/lib/early-requests.ts).
import { QueryClient } from '@tanstack/react-query';
import type { Plugin } from 'vite';
import { storageKeyFor } from '../src/lib/client-config.ts';
import { readEnv, type AppEnv } from '../src/lib/env.ts';
import { createRestClient, urlOf } from '../src/lib/rest-client.ts';
import { prefetchNotebook } from '../src/notes/data/prefetch.ts';
import { earlyScript, PLACEHOLDER, type EarlyRequest, type EarlyRoute } from './early-script.ts';

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

export function earlyRequests(): Plugin {
  let raw: Record<string, string | undefined> = {};
  return {
    name: 'sheaf-early-requests',
    apply: 'build',
    configResolved(config) {
      raw = { ...config.env };
    },
    transformIndexHtml: {
      order: 'post',
      async handler(_html, ctx) {
        if (!ctx.bundle) return;
        // Without a valid configuration the app shows its configuration page: nothing to fetch.
        const result = readEnv(raw);
        if (!result.ok) return;
        const routes: EarlyRoute[] = [];
        for (const { pattern, params } of ROUTES) {
          const values = Object.fromEntries(params.map((p) => [p, PLACEHOLDER[p]]));
          const requests = await captureRequests(result.env, values);
          if (requests.length === 0) throw new Error(`early-requests: no requests for ${pattern}`);
          routes.push({ pattern, params, requests });
        }
        const cookie = storageKeyFor(result.env.supabaseUrl);
        return [
          { tag: 'script', children: earlyScript({ cookie, routes }), injectTo: 'head-prepend' },
        ];
      },
    },
  };
}
