// The auth half of the app's one Supabase session, small enough for the entry chunk: auth-js's
// client configured exactly as @supabase/ssr's createBrowserClient configures supabase-js's (the
// session in chunked base64url cookies under `sb-<ref>-auth-token`, PKCE, auto-refresh,
// detection of sessions in the URL, the same headers), its cookies kept by cookie-storage.ts as
// the library keeps them. createBrowserClient itself would bring all of supabase-js into the
// entry (measured: the sign-in page's JavaScript 128.6 KiB instead of 96.7, over its 100 KiB
// budget). The sign-in pages need nothing more; data-client.ts builds the REST, Storage,
// Realtime and Functions clients on this same auth client when a signed-in page loads, so there
// is one session and one refresh timer.
import { GoTrueClient, type Session } from '@supabase/auth-js';
import { clientHeaders, storageKeyFor } from './client-config.ts';
import { createCookieStorage, type CookieStorage } from './cookie-storage.ts';
import type { AppEnv } from './env.ts';
import { watchedFetch } from './watched-fetch.ts';

export type Auth = GoTrueClient;

const stores = new WeakMap<Auth, { storage: CookieStorage; key: string }>();

/**
 * The session this device keeps for the client, as stored (its access token may have expired).
 * auth-js answers no session when an expired token cannot be refreshed for want of a network, yet
 * keeps it for when the network returns: the app shows the person's kept work meanwhile.
 */
export async function keptSession(auth: Auth): Promise<Session | null> {
  const store = stores.get(auth);
  if (!store) return null;
  try {
    const raw = await store.storage.getItem(store.key);
    const session = raw ? (JSON.parse(raw) as Partial<Session>) : null;
    return session?.refresh_token && session.user?.id ? (session as Session) : null;
  } catch {
    return null;
  }
}

/**
 * Asks auth-js to refresh the session now although a refresh just failed. After a failed
 * refresh auth-js answers the same failure for 60 s (a cooldown against refresh storms in an
 * outage); when the app knows the network has just come back, that minute would leave every
 * request going without a session. The cooldown's cache is auth-js's documented
 * `lastRefreshFailure`, which it clears itself on any successful refresh.
 */
export async function refreshNow(auth: Auth): Promise<void> {
  (auth as unknown as { lastRefreshFailure: unknown }).lastRefreshFailure = null;
  await auth.getSession();
}

export function createAuthClient(env: AppEnv): Auth {
  const storage = createCookieStorage();
  const key = storageKeyFor(env.supabaseUrl);
  const auth = new GoTrueClient({
    url: new URL('auth/v1', `${env.supabaseUrl}/`).href,
    headers: {
      Authorization: `Bearer ${env.supabaseKey}`,
      apikey: env.supabaseKey,
      ...clientHeaders(),
    },
    storageKey: key,
    storage,
    flowType: 'pkce',
    autoRefreshToken: true,
    persistSession: true,
    detectSessionInUrl: true,
    hasCustomAuthorizationHeader: false,
    fetch: watchedFetch(),
  });
  stores.set(auth, { storage, key });
  return auth;
}
