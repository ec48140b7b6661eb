// What this client sends on the note's channel: parts gathered and sent as one message — at the
// end of the current task when nothing went out for a while (a keystroke's update and the cursor
// move it causes leave together, at once), otherwise at the end of that while, merged (updates
// into one, the newest awareness). The while is the pacing's (pacing.ts): 50 ms alone, longer
// the more people type in the note, so that Realtime's per-project rate — every message counted
// when sent and again for each client it reaches — stays well inside hosted's limits. "Saved"
// notices are lazy: they ride along with the next message, or go alone after a while. Nothing
// is queued while the channel is not joined: stored updates reach peers through the log, and a
// rejoin asks for what was missed.
import * as Y from 'yjs';
import { encodeMessage, type Part } from './messages.ts';
import type { Clock, SyncChannel } from './ports.ts';

const LAZY = 2000;
/** Broadcasts stay well under Realtime's payload limit (256 KB on hosted's Free plan, with the
 * signature's 82 bytes added); bigger updates travel through the log. */
export const MAX_BROADCAST = 200_000;

export class Outbox {
  joined = false;
  private parts: Part[] = [];
  private lastSent = -Infinity;
  private timer: unknown = null;
  private timerLazy = false;

  constructor(
    private readonly channel: SyncChannel,
    private readonly userId: string,
    private readonly clientId: () => number,
    private readonly clock: Clock,
    /** How long to wait after a message before the next (pacing.ts). */
    private readonly interval: () => number = () => 50,
  ) {}

  push(part: Part, lazy = false): void {
    if (!this.joined) return;
    this.parts.push(part);
    if (this.timer !== null && !this.timerLazy) return;
    const wait = lazy
      ? Math.max(LAZY, this.interval())
      : Math.max(0, this.lastSent + this.interval() - this.clock.now());
    if (this.timer !== null) {
      if (lazy) return;
      this.clock.clearTimeout(this.timer);
    }
    this.timerLazy = lazy;
    this.timer = this.clock.setTimeout(() => this.flush(), wait);
  }

  flush(): void {
    if (this.timer !== null) this.clock.clearTimeout(this.timer);
    this.timer = null;
    this.timerLazy = false;
    if (!this.joined || !this.parts.length) return;
    const parts = compact(this.parts);
    this.parts = [];
    this.lastSent = this.clock.now();
    let bytes = encodeMessage({ userId: this.userId, clientId: this.clientId(), parts });
    if (bytes.length > MAX_BROADCAST) {
      const small = parts.filter((p) => p.kind !== 'update' && p.kind !== 'reply');
      if (!small.length) return;
      bytes = encodeMessage({ userId: this.userId, clientId: this.clientId(), parts: small });
    }
    this.channel.send(bytes);
  }

  clear(): void {
    if (this.timer !== null) this.clock.clearTimeout(this.timer);
    this.timer = null;
    this.timerLazy = false;
    this.parts = [];
  }
}

/** Updates merged into one (numbered as the last), only the newest awareness; the rest as is. */
function compact(parts: Part[]): Part[] {
  const updates = parts.filter((p) => p.kind === 'update');
  const awareness = parts.filter((p) => p.kind === 'awareness');
  const rest = parts.filter((p) => p.kind !== 'update' && p.kind !== 'awareness');
  const out: Part[] = [...rest];
  if (updates.length === 1) out.unshift(updates[0]!);
  else if (updates.length > 1)
    out.unshift({
      kind: 'update',
      n: Math.max(...updates.map((u) => u.n)),
      update: Y.mergeUpdates(updates.map((u) => u.update)),
    });
  if (awareness.length) out.push(awareness[awareness.length - 1]!);
  return out;
}
