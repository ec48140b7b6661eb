// The auth half of the app's one Supabase session, small enough for the entry chunk: auth-js's
// client configured exactly as @supabase/ssr's createBrowserClient configures supabase-js's (the
// session in chunked base64url cookies under `sb-<ref>-auth-token`, PKCE, auto-refresh,
// detection of sessions in the URL, the same headers). The sign-in pages need nothing more;
// data-client.ts builds the REST, Storage, Realtime and Functions clients on this same auth
// client when a signed-in page loads, so there is one session and one refresh timer.
import { GoTrueClient } from '@supabase/auth-js';
// @supabase/ssr keeps its cookie storage internal to createBrowserClient, which would bring all
// of supabase-js with it; the module is imported directly (the version is pinned in the lock).
import { createStorageFromOptions } from '@supabase/ssr/dist/module/cookies.js';
import { clientHeaders, storageKeyFor } from './client-config.ts';
import type { AppEnv } from './env.ts';
import { watchedFetch } from './watched-fetch.ts';

export type Auth = GoTrueClient;

export function createAuthClient(env: AppEnv): Auth {
  const { storage } = createStorageFromOptions({ cookieEncoding: 'base64url' }, false);
  return new GoTrueClient({
    url: new URL('auth/v1', `${env.supabaseUrl}/`).href,
    headers: {
      Authorization: `Bearer ${env.supabaseKey}`,
      apikey: env.supabaseKey,
      ...clientHeaders(),
    },
    storageKey: storageKeyFor(env.supabaseUrl),
    storage,
    flowType: 'pkce',
    autoRefreshToken: true,
    persistSession: true,
    detectSessionInUrl: true,
    hasCustomAuthorizationHeader: false,
    fetch: watchedFetch(),
  });
}
