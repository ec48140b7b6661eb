// A screen's subscription to the signed-in user's live changes (live-hub.ts), for as long as it
// is shown. The handlers may change on every render; the latest ones are called. The screen
// renders without waiting for the data client; the subscription starts once it has loaded.
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { useEffect, useLayoutEffect, useRef } from 'react';
import { useSignedIn } from '../session/session-context.ts';
import { useSupabaseLoader, withDataClient } from '../supabase.ts';
import { subscribeLive } from './live-hub.ts';
import type { LiveHandlers } from './live-changes.ts';

export function useLive(handlers: Partial<LiveHandlers>): void {
  const load = useSupabaseLoader();
  const { user } = useSignedIn();
  const latest = useRef(handlers);
  useLayoutEffect(() => {
    latest.current = handlers;
  });
  useEffect(
    () =>
      withDataClient(load, (client) =>
        subscribeLive(client, user.id, {
          change: (change) => latest.current.change?.(change),
          access: (change) => latest.current.access?.(change),
          pins: (change) => latest.current.pins?.(change),
          notifications: () => latest.current.notifications?.(),
          resync: () => latest.current.resync?.(),
        }),
      ),
    [load, user.id],
  );
}

/**
 * Runs `fn` at once for the first call, then at most once more for all the calls of the next
 * `ms` (a burst of changes: two refetches, the first without waiting).
 */
export function coalesce(fn: () => void, ms = 150): () => void {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let owed = false;
  const settle = () => {
    if (!owed) {
      timer = null;
      return;
    }
    owed = false;
    fn();
    timer = setTimeout(settle, ms);
  };
  return () => {
    if (timer) {
      owed = true;
      return;
    }
    fn();
    timer = setTimeout(settle, ms);
  };
}

/**
 * Fetches the queries under `queryKey` again with what the server has now, for a change just
 * heard of. A fetch already under way may have read the database before that change, and
 * TanStack Query joins a first load in flight rather than starting another (it restarts only
 * queries that already have data), so a fetch in flight is cancelled first: the change that
 * arrives while a list first loads is not lost.
 */
export function refetchNow(queryClient: QueryClient, queryKey: QueryKey): void {
  void queryClient
    .cancelQueries({ queryKey })
    .then(() => queryClient.invalidateQueries({ queryKey }));
}
