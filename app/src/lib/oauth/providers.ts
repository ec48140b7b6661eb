// The OAuth providers a project has turned on, as Auth reports them (GET /auth/v1/settings,
// `external.<provider>: true`), in the order the app offers them. Read once per page load and
// shared by the sign-in and sign-up pages and the settings' sign-in methods. A provider the app
// has no name for is left out rather than shown as a code.
import type { Provider } from '@supabase/auth-js';
import { useEffect, useState } from 'react';
import type { AppEnv } from '../env.ts';
import { useAppEnv } from '../supabase.ts';

export const PROVIDER_NAMES: Partial<Record<Provider, string>> = {
  github: 'GitHub',
  google: 'Google',
  gitlab: 'GitLab',
  apple: 'Apple',
  azure: 'Microsoft',
  bitbucket: 'Bitbucket',
  discord: 'Discord',
  slack_oidc: 'Slack',
  linkedin_oidc: 'LinkedIn',
  notion: 'Notion',
  figma: 'Figma',
};

/** The provider's name for people ("GitHub"), or the code itself for one the app cannot name. */
export function providerName(provider: string): string {
  return PROVIDER_NAMES[provider as Provider] ?? provider;
}

/** The providers `settings.external` turns on that the app can name, in the app's order. */
export function enabledProviders(settings: unknown): Provider[] {
  const external = (settings as { external?: Record<string, unknown> } | null)?.external;
  if (!external || typeof external !== 'object') return [];
  return (Object.keys(PROVIDER_NAMES) as Provider[]).filter((p) => external[p] === true);
}

const cache = new Map<string, Promise<Provider[]>>();

/**
 * The project's enabled providers. A failed read answers none (the other ways in still work) and
 * is asked again next time.
 */
export function loadProviders(env: AppEnv): Promise<Provider[]> {
  const known = cache.get(env.supabaseUrl);
  if (known) return known;
  const loading = fetch(new URL('auth/v1/settings', `${env.supabaseUrl}/`), {
    headers: { apikey: env.supabaseKey },
  })
    .then(async (response) => {
      if (!response.ok) throw new Error(`settings: ${response.status}`);
      return enabledProviders(await response.json());
    })
    .catch(() => {
      cache.delete(env.supabaseUrl);
      return [] as Provider[];
    });
  cache.set(env.supabaseUrl, loading);
  return loading;
}

/** The project's enabled providers: none until they are read (nothing to offer meanwhile). */
export function useProviders(): Provider[] {
  const env = useAppEnv();
  const [providers, setProviders] = useState<Provider[]>([]);
  useEffect(() => {
    let current = true;
    void loadProviders(env).then((list) => {
      if (current) setProviders(list);
    });
    return () => {
      current = false;
    };
  }, [env]);
  return providers;
}

/**
 * Where a provider sends the browser back to: the app's callback (`from` says whether it was a
 * sign-in or linking in settings), then `next`.
 */
export function oauthReturnUrl(from: 'oauth' | 'link', next: string | null): string {
  const url = new URL('/auth/callback', window.location.origin);
  url.searchParams.set('from', from);
  if (next) url.searchParams.set('next', next);
  return url.href;
}
