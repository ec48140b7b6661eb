// The app's query cache. Queries follow the reachability machine (lib/reachability.ts) through
// TanStack Query's onlineManager: while the browser is offline or the server is not answering
// they pause instead of failing — a page keeps the data it has, and a query with nothing yet
// waits — and when the server answers again every paused query and mutation carries on at once
// (stale queries refetch). A request that failed because the server stopped answering is tried
// again (it pauses until then); any other failure once, as before. What a page showed stays in
// memory for a day (gcTime), so the copy kept on the device (persisted-cache.ts) holds the lists
// and notes opened lately, not only those of the last five minutes.
import { onlineManager, QueryClient } from '@tanstack/react-query';
import { isOnline, reachability } from '../reachability.ts';

let following = false;

/** Drives onlineManager from the reachability machine (once). */
export function followReachability(): void {
  if (following) return;
  following = true;
  onlineManager.setEventListener((setOnline) => {
    setOnline(isOnline());
    return reachability.subscribe(() => setOnline(isOnline()));
  });
}

/** Whether a query that failed `failureCount` times should be tried again. */
export function shouldRetry(failureCount: number, online: boolean = isOnline()): boolean {
  return !online || failureCount < 1;
}

export function createQueryClient(): QueryClient {
  followReachability();
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        gcTime: 24 * 60 * 60 * 1000,
        retry: (failureCount) => shouldRetry(failureCount),
      },
    },
  });
}
