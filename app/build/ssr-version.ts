// A Vite plugin giving the app @supabase/ssr's version for the `X-Client-Info` header its
// createBrowserClient sends (app/src/lib/client-config.ts), read from the installed package's
// package.json when the build starts: the package's public entry does not export it. The app's
// code names it `__SUPABASE_SSR_VERSION__`, which the build replaces; the build's own Node code
// that runs the app's REST client (early-requests.ts records its requests) sees the same value
// as a global. The unit tests load the plugin too (vitest.config.ts).
import { createRequire } from 'node:module';
import type { Plugin } from 'vite';

export const SSR_VERSION = (
  createRequire(import.meta.url)('@supabase/ssr/package.json') as { version: string }
).version;

export function ssrVersion(): Plugin {
  (globalThis as { __SUPABASE_SSR_VERSION__?: string }).__SUPABASE_SSR_VERSION__ = SSR_VERSION;
  return {
    name: 'sheaf-ssr-version',
    config: () => ({ define: { __SUPABASE_SSR_VERSION__: JSON.stringify(SSR_VERSION) } }),
  };
}
