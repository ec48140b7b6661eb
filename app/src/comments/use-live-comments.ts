// A note's comments stay current for everyone in it: a thread or comment added, edited,
// resolved or deleted by anyone refetches the note's threads (once per burst, within a third of
// a second), as does a rejoin after a dropped connection. Changes arrive on the person's own
// live channel under row-level security (lib/collab/live-changes.ts); deletes carry only an id,
// so any delete refetches.
import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { coalesce, refetchNow, useLive } from '../lib/collab/use-live.ts';
import { commentKeys } from './data/keys.ts';

export function useLiveComments(noteId: string): void {
  const queryClient = useQueryClient();
  const refetch = useMemo(
    () => coalesce(() => refetchNow(queryClient, commentKeys.threads(noteId)), 300),
    [queryClient, noteId],
  );
  useLive({
    change: (change) => {
      if (change.table !== 'comments' && change.table !== 'comment_threads') return;
      if (change.eventType === 'DELETE' || change.new.note_id === noteId) refetch();
    },
    resync: refetch,
  });
}
