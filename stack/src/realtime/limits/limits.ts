// The project-wide limits of the Realtime service (one project per stack, as one tenant on
// hosted Realtime): message, join, presence and database-change rates, measured as hosted
// Realtime measures them (5-second ticks averaged over a minute), and connected users.
//
// Hosted Realtime, once the project is over a rate, closes every channel that then receives a
// message — so one sender's flood closes everyone else's channels. Here the project's limit is
// shared out among those who send: over it, only a sender using more than its share (the limit
// divided by the senders active in the window) is refused; a sender within its share is not,
// and receiving never closes a channel.
import type { RealtimeLimits } from '../../config/realtime.ts';
import { RateCounter } from './rate-counter.ts';
import { Shares, type Measure } from './shares.ts';

export type { Measure } from './shares.ts';
export { senderOf } from './shares.ts';

export const TICK_MS = 5000;

export interface Limits {
  readonly config: RealtimeLimits;
  /** Largest payload in bytes (Realtime allows a little over the configured KB). */
  readonly maxPayloadBytes: number;
  /** Sockets with at least one joined channel. */
  readonly users: Set<unknown>;
  /** Counts `n` of a measure, for the project and for its sender. */
  count(measure: Measure, sender: string, n?: number): void;
  /** The project's rate per second of a measure, over the window. */
  avg(measure: Measure): number;
  /** The sender's own rate per second of a measure, over the window. */
  senderAvg(measure: Measure, sender: string): number;
  /** The project is over its limit for the measure and this sender uses more than its share. */
  refuses(measure: Measure, sender: string): boolean;
  /** True the first time in a tick a sender is refused for a measure (to log it once). */
  firstRefusal(measure: Measure, sender: string): boolean;
  /** Closes the current tick (the service's clock does every TICK_MS). */
  tick(): void;
  stop(): void;
}

export function limitOf(config: RealtimeLimits, measure: Measure): number {
  switch (measure) {
    case 'events':
    case 'dbEvents':
      return config.maxEventsPerSecond;
    case 'joins':
      return config.maxJoinsPerSecond;
    case 'presence':
      return config.maxPresenceEventsPerSecond;
  }
}

export function createLimits(config: RealtimeLimits, options: { clock?: boolean } = {}): Limits {
  const project: Record<Measure, RateCounter> = {
    events: new RateCounter(config.maxEventsPerSecond, TICK_MS),
    joins: new RateCounter(config.maxJoinsPerSecond, TICK_MS),
    presence: new RateCounter(config.maxPresenceEventsPerSecond, TICK_MS),
    dbEvents: new RateCounter(config.maxEventsPerSecond, TICK_MS),
  };
  const shares = new Shares(TICK_MS);
  const refused = new Set<string>();
  const tick = () => {
    for (const counter of Object.values(project)) counter.tick();
    shares.tick();
    refused.clear();
  };
  const timer = options.clock === false ? undefined : setInterval(tick, TICK_MS);
  timer?.unref();
  return {
    config,
    maxPayloadBytes: config.maxPayloadSizeKb * 1000 + 500,
    users: new Set(),
    count(measure, sender, n = 1) {
      if (n <= 0) return;
      project[measure].add(n);
      shares.add(measure, sender, n);
    },
    avg: (measure) => project[measure].avg,
    senderAvg: (measure, sender) => shares.avg(measure, sender),
    refuses(measure, sender) {
      if (!project[measure].triggered) return false;
      const share = limitOf(config, measure) / shares.activeSenders(measure);
      return shares.avg(measure, sender) > share;
    },
    firstRefusal(measure, sender) {
      const key = `${measure}\u0000${sender}`;
      if (refused.has(key)) return false;
      refused.add(key);
      return true;
    },
    tick,
    stop: () => clearInterval(timer),
  };
}
