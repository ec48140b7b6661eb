// A note's attachments stay current without a reload: one added or removed by someone else is
// refetched into the list.
import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { coalesce, refetchNow, useLive } from '../lib/collab/use-live.ts';
import { attachmentKeys } from './data/keys.ts';

export function useLiveAttachments(noteId: string): void {
  const queryClient = useQueryClient();
  const refetch = useMemo(
    () => coalesce(() => refetchNow(queryClient, attachmentKeys.note(noteId))),
    [queryClient, noteId],
  );
  useLive({
    change: (change) => {
      if (change.table !== 'attachments') return;
      // A removal's old row carries only its id: refetch whenever one goes.
      if (change.new.note_id === noteId || change.eventType === 'DELETE') refetch();
    },
    resync: refetch,
  });
}
