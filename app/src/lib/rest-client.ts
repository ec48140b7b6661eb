// A REST-only client for a page's first requests (a notebook's list, from the route loader), so
// they leave as soon as the session is read instead of waiting for supabase-js's whole data
// client (Realtime, Storage, Functions) to load. A chunk of its own, preloaded with the page;
// the same headers and access token as the data client's REST requests. A request index.html
// already started (early-requests.ts) is answered with that response instead of being sent again.
import { PostgrestClient } from '@supabase/postgrest-js';
import type { Auth } from './auth-client.ts';
import { clientHeaders } from './client-config.ts';
import type { Database } from './database.types.ts';
import { takeEarlyResponse } from './early-requests.ts';
import type { AppEnv } from './env.ts';
import { watchedFetch, watchResponse } from './watched-fetch.ts';

type Fetch = typeof fetch;

/** The URL a fetch() call asks for, whichever form it was given in. */
export function urlOf(input: Parameters<Fetch>[0]): string {
  if (typeof input === 'string') return input;
  return input instanceof URL ? input.href : input.url;
}

/** `send` is the transport (the browser's fetch, watched for the server not answering: see
 * watched-fetch.ts; build tooling passes one that records). */
export function createRestClient(
  env: AppEnv,
  auth: Pick<Auth, 'getSession'>,
  send: Fetch = watchedFetch(),
) {
  return new PostgrestClient<Database>(`${env.supabaseUrl}/rest/v1`, {
    headers: { apikey: env.supabaseKey, ...clientHeaders() },
    fetch: async (input, init) => {
      const early = takeEarlyResponse(urlOf(input), init);
      if (early) return watchResponse(early);
      const token = (await auth.getSession()).data.session?.access_token ?? env.supabaseKey;
      const headers = new Headers(init?.headers);
      if (!headers.has('Authorization')) headers.set('Authorization', `Bearer ${token}`);
      return send(input, { ...init, headers });
    },
  });
}
