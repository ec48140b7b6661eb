// What the app's Supabase clients share, in a module build tooling can import in Node
// (app/build/early-requests.ts): the headers supabase-js sends with every request of a
// @supabase/ssr createBrowserClient client, and the name of the session cookie.

/** @supabase/ssr's version, from its installed package.json at build time (app/build/ssr-version.ts). */
declare const __SUPABASE_SSR_VERSION__: string;

export function clientHeaders(): Record<string, string> {
  return { 'X-Client-Info': `supabase-ssr/${__SUPABASE_SSR_VERSION__} createBrowserClient` };
}

/** The cookie name supabase-js derives from the project URL (`sb-<first label>-auth-token`). */
export function storageKeyFor(supabaseUrl: string): string {
  return `sb-${new URL(supabaseUrl).hostname.split('.')[0]}-auth-token`;
}
