// "Moved to the trash — Undo" notices. They live outside React so they outlast the note page
// that raised them (the person is taken back to the list), and each leaves after a while.
import { useSyncExternalStore } from 'react';

export const NOTICE_MS = 8000;

export interface TrashNotice {
  id: string;
  notebookId: string;
  title: string;
}

let notices: TrashNotice[] = [];
const timers = new Map<string, ReturnType<typeof setTimeout>>();
const listeners = new Set<() => void>();

function publish(next: TrashNotice[]) {
  notices = next;
  for (const listener of listeners) listener();
}

export function announceTrashed(notice: TrashNotice) {
  dismissTrashed(notice.id);
  publish([...notices, notice]);
  timers.set(
    notice.id,
    setTimeout(() => dismissTrashed(notice.id), NOTICE_MS),
  );
}

export function dismissTrashed(id: string) {
  const timer = timers.get(id);
  if (timer) clearTimeout(timer);
  timers.delete(id);
  if (notices.some((n) => n.id === id)) publish(notices.filter((n) => n.id !== id));
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useTrashNotices(): TrashNotice[] {
  return useSyncExternalStore(
    subscribe,
    () => notices,
    () => notices,
  );
}
