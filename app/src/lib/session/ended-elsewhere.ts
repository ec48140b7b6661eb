// Word that this device's session was ended somewhere else (another device signed it out, "sign
// out everywhere", the sessions list), as the server answered a check: the sign-out that follows
// then says so, rather than the sentence for a session that simply ran out.

let notedAt = 0;
const listeners = new Set<() => void>();

/** The server said this session no longer exists. */
export function noteEndedElsewhere(): void {
  notedAt = Date.now();
  for (const listener of listeners) listener();
}

/** Whether the server said so in the last half minute (and forget it). */
export function takeEndedElsewhere(): boolean {
  const recent = notedAt > 0 && Date.now() - notedAt < 30_000;
  notedAt = 0;
  return recent;
}

/** Calls `listener` whenever the server says so; returns the unsubscribe. */
export function onEndedElsewhere(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
