// Keeps the count of notes with edits not stored yet (the offline banner's) current while the
// person is signed in, and sends those edits when the connection returns (or the server answers
// again: lib/reachability.ts) — including edits of
// notes no longer open, made in a tab since closed (flush-pending.ts). The collaboration code
// loads only when there is something to count or send.
import { useEffect } from 'react';
import { isOnline, reachability } from '../reachability.ts';
import { useSignedIn } from '../session/session-context.ts';
import { useSupabase } from '../supabase.ts';
import { openNotes, setPendingCounter, setPendingNotes } from './pending-count.ts';

export function usePendingWatch(): void {
  const client = useSupabase();
  const { user } = useSignedIn();
  const userId = user.id;
  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | null = null;
    let flushing = false;
    const count = async () => {
      const { listPending } = await import('./pending-registry.ts');
      const pending = await listPending(userId).catch(() => []);
      if (!stopped) setPendingNotes(pending.length);
      return pending.length;
    };
    const recount = () => {
      if (timer) clearTimeout(timer);
      timer = setTimeout(() => void count(), 300);
    };
    const flush = async () => {
      if (flushing || !isOnline()) return;
      flushing = true;
      try {
        if ((await count()) === 0) return;
        const { flushPendingNotes } = await import('./flush-pending.ts');
        await flushPendingNotes(client, userId, openNotes);
      } catch {
        // Tried again at the next reconnection; the edits stay on the device meanwhile.
      } finally {
        flushing = false;
        recount();
      }
    };
    setPendingCounter(recount);
    void flush();
    // Back online, or the server answering again: send at once; losing it: count again.
    const offResume = reachability.onResume(() => void flush());
    const offState = reachability.subscribe((state) => {
      if (state !== 'online') recount();
    });
    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      setPendingCounter(null);
      offResume();
      offState();
    };
  }, [client, userId]);
}
