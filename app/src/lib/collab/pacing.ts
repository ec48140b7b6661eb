// How often a client of a shared note may send, so that a note full of people typing stays well
// inside hosted Realtime's per-project limits (Free plan: 100 messages a second, counted once
// when sent and once for every client it is delivered to — supabase/realtime counts each
// delivery). With A people sending and P clients in the note, each message costs P, so the note
// costs A × (1000 / interval) × P a second: each client waits
//
//   interval = 1000 × A × P / budget   (at least MIN_BROADCAST_MS)
//
// between messages, merging what was typed meanwhile into one — a person alone, or two, see
// each other at once; ten typing together see each other's words in steps of 2.5 seconds, and
// the note stays near half of the project's limit. The same reasoning paces what editors write into
// notes.title/body: each write is a change of the notes row, which Postgres Changes deliver to
// every member subscribed, so it has a budget of its own.

/** Messages a second one note's edits may cost: 40 of the Free plan's 100 (their own messages —
 * cursors ride along, "saved" notices too — add about a fifth), the rest left to everything else
 * the project does. */
export const BROADCAST_BUDGET = 40;
/** Row changes (each delivered to everyone in the note) a second one note may cost. */
export const TEXT_WRITE_BUDGET = 25;
/** Updates within this of each other leave together even when nobody else is around. */
export const MIN_BROADCAST_MS = 50;
/** Someone counts as sending while their last message is this recent. */
export const ACTIVE_MS = 5000;

/** The wait between two messages of this client. */
export function broadcastInterval(senders: number, audience: number): number {
  const a = Math.max(1, senders);
  const p = Math.max(1, audience);
  return Math.max(MIN_BROADCAST_MS, Math.ceil((1000 * a * p) / BROADCAST_BUDGET));
}

/** The wait between two writes of the text into the row (none while alone in the note). */
export function textWriteInterval(senders: number, audience: number): number {
  if (audience <= 1) return 0;
  return Math.ceil((1000 * Math.max(1, senders) * audience) / TEXT_WRITE_BUDGET);
}

/** Who sent lately: client ids with the time of their last message. */
export class Senders {
  private readonly last = new Map<number, number>();

  saw(clientId: number, now: number): void {
    this.last.set(clientId, now);
  }

  /** How many sent within ACTIVE_MS of `now` (forgetting the others). */
  count(now: number): number {
    let active = 0;
    for (const [client, at] of this.last) {
      if (now - at < ACTIVE_MS) active += 1;
      else this.last.delete(client);
    }
    return active;
  }
}
