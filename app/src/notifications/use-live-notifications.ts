// The bell stays current without a reload: a notification arriving, or read on another screen,
// refetches the list (once per burst); so does rejoining after a dropped connection.
import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { coalesce, refetchNow, useLive } from '../lib/collab/use-live.ts';
import { notificationKeys } from './data/keys.ts';

export function useLiveNotifications(): void {
  const queryClient = useQueryClient();
  const refetch = useMemo(
    () => coalesce(() => refetchNow(queryClient, notificationKeys.all)),
    [queryClient],
  );
  useLive({ notifications: refetch, access: refetch, resync: refetch });
}
