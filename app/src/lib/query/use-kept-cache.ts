// Keeps the signed-in person's query cache on this device while they are signed in (and past
// any second factor), restoring it as their pages open (persisted-cache.ts); deletes it when
// they sign out, in this tab or another. Another account signing in on the device reads only
// its own entry.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useSession } from '../session/session-context.ts';
import { forgetCache, persistQueryCache } from './persisted-cache.ts';

export function useKeptCache(): void {
  const { state } = useSession();
  const client = useQueryClient();
  const userId = state.status === 'signed-in' && !state.needsMfa ? state.user.id : null;
  const signedOut = state.status === 'signed-out';
  const last = useRef<string | null>(null);

  useEffect(() => {
    if (!userId) return;
    last.current = userId;
    const kept = persistQueryCache(client, userId);
    return () => kept.stop();
  }, [client, userId]);

  useEffect(() => {
    if (!signedOut || !last.current) return;
    const userId = last.current;
    last.current = null;
    void forgetCache(userId).catch(() => undefined);
  }, [signedOut]);
}
