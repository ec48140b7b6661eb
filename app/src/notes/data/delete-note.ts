// Deleting a note waits a few seconds so it can be undone: the note disappears from the lists at
// once, and only when the undo window closes is the row deleted (attachments cascade and their
// files are queued for removal by the database). Pending deletions live outside React so they
// survive navigating between pages; closing the tab inside the window keeps the note.
import { useSyncExternalStore } from 'react';
import type { Supabase } from '../../lib/supabase.ts';

export const UNDO_MS = 6000;

export interface PendingDelete {
  id: string;
  notebookId: string;
  title: string;
  error: unknown;
}

let pending: PendingDelete[] = [];
const timers = new Map<string, ReturnType<typeof setTimeout>>();
const listeners = new Set<() => void>();

function publish(next: PendingDelete[]) {
  pending = next;
  for (const listener of listeners) listener();
}

/** Hides the note now and deletes it after UNDO_MS unless undone; `onDone` runs after. */
export function scheduleDelete(
  supabase: Supabase,
  note: { id: string; notebook_id: string; title: string },
  onDone: () => void,
) {
  publish([
    ...pending.filter((p) => p.id !== note.id),
    { id: note.id, notebookId: note.notebook_id, title: note.title, error: null },
  ]);
  timers.set(
    note.id,
    setTimeout(async () => {
      timers.delete(note.id);
      const { error } = await supabase.from('notes').delete().eq('id', note.id);
      if (error) {
        publish(pending.map((p) => (p.id === note.id ? { ...p, error } : p)));
        return;
      }
      publish(pending.filter((p) => p.id !== note.id));
      onDone();
    }, UNDO_MS),
  );
}

/** Cancels a pending deletion (or dismisses a failed one): the note comes back. */
export function undoDelete(id: string) {
  const timer = timers.get(id);
  if (timer) clearTimeout(timer);
  timers.delete(id);
  publish(pending.filter((p) => p.id !== id));
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function usePendingDeletes(): PendingDelete[] {
  return useSyncExternalStore(
    subscribe,
    () => pending,
    () => pending,
  );
}
