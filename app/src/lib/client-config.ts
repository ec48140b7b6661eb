// What the app's Supabase clients share, in a module build tooling can import in Node
// (app/build/early-requests.ts): the headers supabase-js sends with every request of a
// @supabase/ssr createBrowserClient client, and the name of the session cookie.
import { VERSION as SSR_VERSION } from '@supabase/ssr/dist/module/version.js';

export function clientHeaders(): Record<string, string> {
  return { 'X-Client-Info': `supabase-ssr/${SSR_VERSION} createBrowserClient` };
}

/** The cookie name supabase-js derives from the project URL (`sb-<first label>-auth-token`). */
export function storageKeyFor(supabaseUrl: string): string {
  return `sb-${new URL(supabaseUrl).hostname.split('.')[0]}-auth-token`;
}
