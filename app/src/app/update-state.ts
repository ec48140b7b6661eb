// Whether a new version of the app is installed and waiting (register-worker.ts says so), and
// how to switch to it: a reload the person asks for, never one made under their typing.
import { useSyncExternalStore } from 'react';

let apply: (() => void) | null = null;
const listeners = new Set<() => void>();

export function updateReady(reload: () => void): void {
  apply = reload;
  for (const listener of listeners) listener();
}

/** The reload into the new version, or null while there is none. */
export function useUpdate(): (() => void) | null {
  return useSyncExternalStore(
    (onChange) => {
      listeners.add(onChange);
      return () => listeners.delete(onChange);
    },
    () => apply,
    () => null,
  );
}
