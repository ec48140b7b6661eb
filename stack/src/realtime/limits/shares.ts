// Who uses the project's rates: each sender's own counts, measured as the project's are (5-second
// ticks over a minute), and how many senders were active in that minute. A sender is a person
// (their token's `sub`, whichever socket, API call or database write they send through) or,
// without one, the socket, API role or database role that sent.
import type { JsonObject } from '../protocol/frames.ts';
import { RateCounter } from './rate-counter.ts';

export type Measure = 'events' | 'joins' | 'presence' | 'dbEvents';

const MEASURES: Measure[] = ['events', 'joins', 'presence', 'dbEvents'];

/** The sender a message is counted for: `user:<sub>`, else the given fallback. */
export function senderOf(claims: JsonObject | undefined, fallback: string): string {
  const sub = claims?.sub;
  return typeof sub === 'string' && sub !== '' ? `user:${sub}` : fallback;
}

export class Shares {
  private senders = new Map<string, Record<Measure, RateCounter>>();
  private active: Record<Measure, number> = { events: 0, joins: 0, presence: 0, dbEvents: 0 };

  constructor(private readonly tickMs: number) {}

  add(measure: Measure, sender: string, n = 1): void {
    let counters = this.senders.get(sender);
    if (!counters) {
      counters = {} as Record<Measure, RateCounter>;
      for (const m of MEASURES) counters[m] = new RateCounter(Infinity, this.tickMs);
      this.senders.set(sender, counters);
    }
    counters[measure].add(n);
  }

  /** The sender's own rate per second over the window (as of the last tick). */
  avg(measure: Measure, sender: string): number {
    return this.senders.get(sender)?.[measure].avg ?? 0;
  }

  /** Senders that sent something of this measure in the window (at least one). */
  activeSenders(measure: Measure): number {
    return Math.max(1, this.active[measure]);
  }

  tick(): void {
    const active: Record<Measure, number> = { events: 0, joins: 0, presence: 0, dbEvents: 0 };
    for (const [sender, counters] of this.senders) {
      let idle = true;
      for (const m of MEASURES) {
        counters[m].tick();
        if (counters[m].avg > 0) {
          active[m]++;
          idle = false;
        }
      }
      if (idle) this.senders.delete(sender);
    }
    this.active = active;
  }

  get size(): number {
    return this.senders.size;
  }
}
