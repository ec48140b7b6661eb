// The app's one Supabase client, in two halves so the sign-in pages stay small: the auth client
// (auth-client.ts, in the entry) and the data client (data-client.ts, a chunk of its own that
// loads when a signed-in page first needs it); rest-client.ts serves the first requests and the
// first render of a page (its lists) without waiting for it. The React context hands them out.
import type { SupabaseClient } from '@supabase/supabase-js';
import { createContext, useContext } from 'react';
import { createAuthClient, type Auth } from './auth-client.ts';
import type { Database } from './database.types.ts';
import type { AppEnv } from './env.ts';

export type { Auth } from './auth-client.ts';
export type Supabase = SupabaseClient<Database>;
/** What REST-only code needs: supabase.from(). */
export type Rest = Pick<Supabase, 'from' | 'rpc'>;

export interface SupabaseHandle {
  /** The project URL and publishable key (for requests made without a client, e.g. anonymous). */
  env: AppEnv;
  auth: Auth;
  /** The data client, loading its chunk the first time (it is shared afterwards). */
  load(): Promise<Supabase>;
  /** The data client once loaded, else null. */
  loaded(): Supabase | null;
  /** A REST-only client (a small chunk) for requests that should not wait for the data client. */
  rest(): Promise<Rest>;
  /** The REST-only client once loaded, else null. */
  restLoaded(): Rest | null;
}

const envs = new WeakMap<Supabase, AppEnv>();

export function createSupabase(env: AppEnv): SupabaseHandle {
  const auth = createAuthClient(env);
  let client: Supabase | null = null;
  let loading: Promise<Supabase> | null = null;
  const load = () =>
    (loading ??= import('./data-client.ts').then(({ createDataClient }) => {
      client = createDataClient(env, auth);
      envs.set(client, env);
      return client;
    }));
  let rest: Rest | null = null;
  let restLoading: Promise<Rest> | null = null;
  const restClient = () =>
    (restLoading ??= import('./rest-client.ts').then(({ createRestClient }) => {
      rest = createRestClient(env, auth);
      return rest;
    }));
  return { env, auth, load, loaded: () => client, rest: restClient, restLoaded: () => rest };
}

/** The URL and key a client was made with (for raw requests such as file downloads). */
export function envOf(client: Supabase): AppEnv {
  const env = envs.get(client);
  if (!env) throw new Error('this client was not made by createSupabase()');
  return env;
}

export const SupabaseContext = createContext<SupabaseHandle | null>(null);

function useHandle(): SupabaseHandle {
  const handle = useContext(SupabaseContext);
  if (!handle) throw new Error('used outside of the SupabaseContext provider');
  return handle;
}

/** The project URL and publishable key. */
export function useAppEnv(): AppEnv {
  return useHandle().env;
}

/** The auth client: what the sign-in pages and the session provider use. */
export function useAuth(): Auth {
  return useHandle().auth;
}

/** The data client, loaded the first time it is asked for; until it is there, the nearest
 * Suspense boundary waits for it (the signed-in frame has one around its page). */
export function useSupabase(): Supabase {
  const handle = useHandle();
  const client = handle.loaded();
  if (client) return client;
  // Suspense's protocol: the boundary renders its fallback until this promise settles.
  throw handle.load();
}

/** Loads the data client (once; at once when loaded): for effects, queries and mutations that
 * need it only when they run, so the component around them renders without waiting. */
export function useSupabaseLoader(): () => Promise<Supabase> {
  return useHandle().load;
}

/** For an effect that needs the data client: `start` runs once it has loaded — unless the
 * effect was cleaned up first — and what `start` returns is called on clean-up. */
export function withDataClient(
  load: () => Promise<Supabase>,
  start: (client: Supabase) => () => void,
): () => void {
  let stop: (() => void) | null = null;
  let ended = false;
  void load().then(
    (client) => {
      if (!ended) stop = start(client);
    },
    () => undefined,
  );
  return () => {
    ended = true;
    stop?.();
  };
}

/** The REST-only client, for the queries a page's first render needs (its chunk is small and
 * loads with the route's prefetch); until it is there, the nearest Suspense boundary waits. */
export function useRest(): Rest {
  const handle = useHandle();
  const client = handle.restLoaded() ?? handle.loaded();
  if (client) return client;
  throw handle.rest();
}
