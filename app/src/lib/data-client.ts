// The rest of the one Supabase client, loaded with the first signed-in page (never with
// sign-in): supabase-js's REST, Storage, Realtime and Functions clients, taking the access
// token from the app's auth client (auth-client.ts) instead of keeping a session of their own.
// `client.auth` is that same auth client, and Realtime follows its token changes as supabase-js
// does for the clients it builds itself. Every request, and the live socket's heartbeat, tells
// the reachability machine whether the server answers (lib/reachability.ts).
import { createClient } from '@supabase/supabase-js';
import type { Auth } from './auth-client.ts';
import { clientHeaders } from './client-config.ts';
import type { Database } from './database.types.ts';
import type { AppEnv } from './env.ts';
import { reachability } from './reachability.ts';
import { watchedFetch } from './watched-fetch.ts';

export function createDataClient(env: AppEnv, auth: Auth) {
  const client = createClient<Database>(env.supabaseUrl, env.supabaseKey, {
    global: { headers: clientHeaders(), fetch: watchedFetch() },
    // A heartbeat the server never answered: it is not answering (say so even on a page making
    // no requests). An answered one says nothing of REST and Postgres, so it ends nothing.
    realtime: { heartbeatCallback: (status) => status === 'timeout' && reachability.failed() },
    accessToken: async () => (await auth.getSession()).data.session?.access_token ?? null,
  });
  client.auth = auth;
  let token: string | undefined;
  auth.onAuthStateChange((event, session) => {
    if (event === 'SIGNED_OUT') {
      token = undefined;
      void client.realtime.setAuth();
    } else if (
      (event === 'TOKEN_REFRESHED' || event === 'SIGNED_IN' || event === 'INITIAL_SESSION') &&
      session?.access_token !== token
    ) {
      token = session?.access_token;
      void client.realtime.setAuth(token ?? null);
    }
  });
  return client;
}
