// How many notes have edits on this device not stored yet, for the offline banner. This module
// has no dependencies so the app's frame can show the count without loading any collaboration
// code; whoever knows better (the open note, the flush after reconnecting) reports through
// setPendingNotes / notePendingChanged.
import { useSyncExternalStore } from 'react';

let count = 0;
const listeners = new Set<() => void>();
let recount: (() => void) | null = null;

export function setPendingNotes(next: number): void {
  if (next === count) return;
  count = next;
  for (const listener of listeners) listener();
}

/** Who recounts from the device's registry when a note's pending edits come or go. */
export function setPendingCounter(fn: (() => void) | null): void {
  recount = fn;
}

export function notePendingChanged(): void {
  recount?.();
}

/** The notes open in this tab (their own sessions store their edits; a flush leaves them). */
export const openNotes = new Set<string>();

export function usePendingNotes(): number {
  return useSyncExternalStore(
    (onChange) => {
      listeners.add(onChange);
      return () => listeners.delete(onChange);
    },
    () => count,
    () => 0,
  );
}

/** The offline banner's second sentence (docs/errors.md, "Live collaboration"). */
export function pendingSentence(notes: number): string {
  if (notes === 0) return '';
  if (notes === 1) return '1 note has changes not yet saved; they are kept on this device.';
  return `${notes} notes have changes not yet saved; they are kept on this device.`;
}
