// The sidebar's notebooks stay current without a reload: a notebook created, renamed, deleted or
// moved to the trash (and back), a membership given or taken away, or a note added, moved or
// trashed (the counts) refetches the list — once per burst of changes.
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useRef } from 'react';
import { coalesce, refetchNow, useLive } from '../lib/collab/use-live.ts';
import { notebookKeys } from './data/keys.ts';

export function useLiveNotebooks(): void {
  const queryClient = useQueryClient();
  const refetch = useMemo(
    () => coalesce(() => refetchNow(queryClient, notebookKeys.all)),
    [queryClient],
  );
  // Where each note was last seen: an update's old row carries only its id, and body edits
  // (most updates) change no count — only a note moving or going to or out of the trash does.
  const seen = useRef(new Map<string, string>());
  useLive({
    change: (change) => {
      if (change.table === 'notebooks') return refetch();
      if (change.table !== 'notes') return;
      const id = String(change.new.id ?? change.old.id);
      const place = `${String(change.new.notebook_id)}/${String(change.new.deleted_at)}`;
      if (change.eventType === 'UPDATE' && seen.current.get(id) === place) return;
      seen.current.set(id, place);
      refetch();
    },
    access: (change) => {
      refetch();
      // A notebook gone to the trash (or back) takes its notes out of (or into) the recent notes.
      if (change.reason === 'notebook_trashed' || change.reason === 'notebook_restored')
        refetchNow(queryClient, ['notes', 'recent']);
    },
    resync: refetch,
  });
}
