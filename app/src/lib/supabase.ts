// The one Supabase client of the app, created with @supabase/ssr's createBrowserClient (sessions
// in cookies, PKCE) from the validated environment, and the React context that hands it out.
import { createBrowserClient } from '@supabase/ssr';
import type { SupabaseClient } from '@supabase/supabase-js';
import { createContext, useContext } from 'react';
import type { AppEnv } from './env.ts';

export type Supabase = SupabaseClient;

export function createSupabase(env: AppEnv): Supabase {
  return createBrowserClient(env.supabaseUrl, env.supabaseKey);
}

export const SupabaseContext = createContext<Supabase | null>(null);

/** The app's client; only valid under <SupabaseContext.Provider>. */
export function useSupabase(): Supabase {
  const client = useContext(SupabaseContext);
  if (!client) throw new Error('useSupabase() used outside of the SupabaseContext provider');
  return client;
}
