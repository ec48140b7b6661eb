// Whether Sheaf can talk to its server, for components: the reachability machine's state
// (lib/reachability.ts) — offline when the browser says so, unreachable when the server does
// not answer — kept current as it changes.
import { useSyncExternalStore } from 'react';
import { reachability, type Connection } from './reachability.ts';

const subscribe = (onChange: () => void) => reachability.subscribe(onChange);

/** 'online', 'offline' (the browser's word) or 'unreachable' (the server is not answering). */
export function useConnection(): Connection {
  return useSyncExternalStore(
    subscribe,
    () => reachability.state,
    () => 'online',
  );
}

/** True when the server can be reached: false offline and while it is not answering. */
export function useOnline(): boolean {
  return useConnection() === 'online';
}
