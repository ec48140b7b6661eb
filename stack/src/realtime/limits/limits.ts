// The project-wide limits of the Realtime service (one project per stack, as one tenant on
// hosted Realtime): message, join, presence and database-change rates, connected users.
import type { RealtimeLimits } from '../../config/realtime.ts';
import { RateCounter } from './rate-counter.ts';

export const TICK_MS = 5000;

export interface Limits {
  readonly config: RealtimeLimits;
  /** Messages in and out of channels (TENANT_MAX_EVENTS_PER_SECOND). */
  readonly events: RateCounter;
  readonly joins: RateCounter;
  readonly presence: RateCounter;
  /** Postgres changes delivered, counted per subscription (same limit as events). */
  readonly dbEvents: RateCounter;
  /** Largest payload in bytes (Realtime allows a little over the configured KB). */
  readonly maxPayloadBytes: number;
  /** Sockets with at least one joined channel. */
  readonly users: Set<unknown>;
  stop(): void;
}

export function createLimits(config: RealtimeLimits): Limits {
  const events = new RateCounter(config.maxEventsPerSecond, TICK_MS);
  const joins = new RateCounter(config.maxJoinsPerSecond, TICK_MS);
  const presence = new RateCounter(config.maxPresenceEventsPerSecond, TICK_MS);
  const dbEvents = new RateCounter(config.maxEventsPerSecond, TICK_MS);
  const timer = setInterval(() => {
    for (const counter of [events, joins, presence, dbEvents]) counter.tick();
  }, TICK_MS);
  timer.unref();
  return {
    config,
    events,
    joins,
    presence,
    dbEvents,
    maxPayloadBytes: config.maxPayloadSizeKb * 1000 + 500,
    users: new Set(),
    stop: () => clearInterval(timer),
  };
}
