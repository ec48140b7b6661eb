// A REST-only client for a page's first requests (a notebook's list, from the route loader), so
// they leave as soon as the session is read instead of waiting for supabase-js's whole data
// client (Realtime, Storage, Functions) to load. A chunk of its own, preloaded with the page;
// the same headers and access token as the data client's REST requests.
import { PostgrestClient } from '@supabase/postgrest-js';
import { clientHeaders, type Auth } from './auth-client.ts';
import type { Database } from './database.types.ts';
import type { AppEnv } from './env.ts';

export function createRestClient(env: AppEnv, auth: Auth) {
  return new PostgrestClient<Database>(`${env.supabaseUrl}/rest/v1`, {
    headers: { apikey: env.supabaseKey, ...clientHeaders() },
    fetch: async (input, init) => {
      const token = (await auth.getSession()).data.session?.access_token ?? env.supabaseKey;
      const headers = new Headers(init?.headers);
      if (!headers.has('Authorization')) headers.set('Authorization', `Bearer ${token}`);
      return fetch(input, { ...init, headers });
    },
  });
}
