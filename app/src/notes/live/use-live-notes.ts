// A notebook's notes stay current without a reload: notes created, renamed, edited, moved,
// trashed or restored by anyone are refetched into the list (once per burst of changes, within
// a second), an open note's title, tags and trash state are patched into its cached row, the
// person's own pins follow what they pin elsewhere (another tab or device), and a change of the
// person's own role or membership refetches the notebook (so the page follows).
import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { coalesce, refetchNow, useLive } from '../../lib/collab/use-live.ts';
import { rowsOf, type CachedList } from '../data/cached-lists.ts';
import { noteKeys } from '../data/keys.ts';
import type { Note } from '../data/types.ts';

const PATCHED = ['title', 'tags', 'updated_at', 'deleted_at', 'notebook_id'] as const;

export function useLiveNotes(notebookId: string): void {
  const queryClient = useQueryClient();
  const refetch = useMemo(
    () =>
      coalesce(() => {
        refetchNow(queryClient, noteKeys.lists(notebookId));
        refetchNow(queryClient, noteKeys.trash);
        refetchNow(queryClient, noteKeys.recent);
      }, 300),
    [queryClient, notebookId],
  );
  useLive({
    change: (change) => {
      if (change.table !== 'notes') return;
      const row = change.new;
      const id = String(row.id ?? change.old.id ?? '');
      const listed = queryClient
        .getQueriesData<CachedList>({ queryKey: noteKeys.lists(notebookId) })
        .some(([, data]) => rowsOf(data).some((n) => n.id === id));
      if (row.notebook_id === notebookId || listed || change.eventType === 'DELETE') refetch();
      if (change.eventType !== 'UPDATE') return;
      queryClient.setQueryData<Note | null>(noteKeys.detail(id), (note) => {
        if (!note) return note;
        const patch: Partial<Note> = {};
        for (const key of PATCHED) if (key in row) Object.assign(patch, { [key]: row[key] });
        return { ...note, ...patch };
      });
    },
    pins: (change) => {
      if (change.notebook_id === notebookId) refetch();
    },
    access: (change) => {
      if (change.notebook_id !== notebookId) return;
      refetchNow(queryClient, noteKeys.notebook(notebookId));
    },
    resync: () => {
      refetch();
      refetchNow(queryClient, noteKeys.notebook(notebookId));
    },
  });
}
