// The one Supabase client of the app, created with @supabase/ssr's createBrowserClient (sessions
// in cookies, PKCE) from the validated environment, and the React context that hands it out.
import { createBrowserClient } from '@supabase/ssr';
import type { SupabaseClient } from '@supabase/supabase-js';
import { createContext, useContext } from 'react';
import type { AppEnv } from './env.ts';

export type Supabase = SupabaseClient;

const envs = new WeakMap<Supabase, AppEnv>();

export function createSupabase(env: AppEnv): Supabase {
  const client = createBrowserClient(env.supabaseUrl, env.supabaseKey);
  envs.set(client, env);
  return client;
}

/** The URL and key a client was made with (for raw requests such as file downloads). */
export function envOf(client: Supabase): AppEnv {
  const env = envs.get(client);
  if (!env) throw new Error('this client was not made by createSupabase()');
  return env;
}

export const SupabaseContext = createContext<Supabase | null>(null);

/** The app's client; only valid under <SupabaseContext.Provider>. */
export function useSupabase(): Supabase {
  const client = useContext(SupabaseContext);
  if (!client) throw new Error('useSupabase() used outside of the SupabaseContext provider');
  return client;
}
