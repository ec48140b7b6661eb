// A list of notices that lives outside React, so a notice outlasts the component that raised it
// (an item that leaves its list at once, a page the person is taken away from), and each leaves
// by itself after a while. Used for the "Moved to the trash — Undo" notices of notes and notebooks.
import { useSyncExternalStore } from 'react';

export const NOTICE_MS = 8000;

export interface TimedNotices<T extends { id: string }> {
  /** Shows `notice` (replacing one with the same id) for `NOTICE_MS`. */
  announce(notice: T): void;
  dismiss(id: string): void;
  /** The notices shown now. */
  current(): T[];
  /** The notices shown now, for a component (re-renders when they change). */
  useNotices(): T[];
}

export function timedNotices<T extends { id: string }>(ms = NOTICE_MS): TimedNotices<T> {
  let notices: T[] = [];
  const timers = new Map<string, ReturnType<typeof setTimeout>>();
  const listeners = new Set<() => void>();

  const publish = (next: T[]) => {
    notices = next;
    for (const listener of listeners) listener();
  };
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };
  const dismiss = (id: string) => {
    const timer = timers.get(id);
    if (timer) clearTimeout(timer);
    timers.delete(id);
    if (notices.some((n) => n.id === id)) publish(notices.filter((n) => n.id !== id));
  };
  return {
    announce(notice) {
      dismiss(notice.id);
      publish([...notices, notice]);
      timers.set(
        notice.id,
        setTimeout(() => dismiss(notice.id), ms),
      );
    },
    dismiss,
    current: () => notices,
    useNotices: () =>
      useSyncExternalStore(
        subscribe,
        () => notices,
        () => notices,
      ),
  };
}
