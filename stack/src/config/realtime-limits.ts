// The Realtime service's limits, read from the environment (the Supabase CLI's config.toml has no
// keys for them and refuses unknown ones). Two kinds:
// - the project's, as hosted Realtime counts them per tenant, under the Realtime server's own
//   variable names (TENANT_MAX_EVENTS_PER_SECOND …); their defaults are those of a hosted plan,
//   Free unless SHEAF_REALTIME_PLAN names another (Supabase's documented limits by plan);
// - the stack's own per connection and per channel (SHEAF_REALTIME_CLIENT_* / _CHANNEL_*), which
//   hosted Realtime does not have: they stop one client's excess at once, on that client. Their
//   defaults follow from the project's.
import { ConfigError } from './values.ts';

export interface RealtimeLimits {
  /** The hosted plan whose limits are the defaults (SHEAF_REALTIME_PLAN). */
  plan: RealtimePlan;
  /** Sockets with at least one joined channel (TENANT_MAX_CONCURRENT_USERS). */
  maxConcurrentUsers: number;
  /** Messages per second, averaged over a minute (TENANT_MAX_EVENTS_PER_SECOND). */
  maxEventsPerSecond: number;
  /** Channel joins per second, averaged over a minute (TENANT_MAX_JOINS_PER_SECOND). */
  maxJoinsPerSecond: number;
  /** Channels one socket may join (TENANT_MAX_CHANNELS_PER_CLIENT). */
  maxChannelsPerClient: number;
  /** Largest broadcast or presence payload, in KB (TENANT_MAX_PAYLOAD_SIZE_IN_KB). */
  maxPayloadSizeKb: number;
  /** Presence events per second across the project (TENANT_MAX_PRESENCE_EVENTS_PER_SECOND). */
  maxPresenceEventsPerSecond: number;
  /** track/untrack calls one channel may make per window (CLIENT_PRESENCE_MAX_CALLS). */
  clientPresenceMaxCalls: number;
  /** CLIENT_PRESENCE_WINDOW_MS. */
  clientPresenceWindowMs: number;
  /** Open sockets, joined or not (MAX_CONNECTIONS). */
  maxConnections: number;
  /** A socket that sends nothing (not even a heartbeat) for this long is closed. */
  websocketTimeoutMs: number;
  /** A socket that joins no channel for this long is closed (NO_CHANNEL_TIMEOUT_IN_MS). */
  noChannelTimeoutMs: number;
  /** Pause before a join is refused (CHANNEL_ERROR_BACKOFF_MS; 0 here, 5 s on hosted). */
  channelErrorBackoffMs: number;
  /** Messages (frames) one socket may send per second, in bursts of as many. */
  clientMaxEventsPerSecond: number;
  /** Messages one socket may send per second on one of its channels. */
  channelMaxEventsPerSecond: number;
  /** Bytes one socket may send per second (frames as received). */
  clientMaxBytesPerSecond: number;
  /** Bytes one socket may send per second on one of its channels. */
  channelMaxBytesPerSecond: number;
  /** Joins one socket may ask per second (in bursts of up to its channel limit). */
  clientMaxJoinsPerSecond: number;
  /** Joins of one topic one socket may ask per second. */
  channelMaxJoinsPerSecond: number;
  /** Presence calls (track, untrack) one socket may make per second over all its channels. */
  clientMaxPresenceEventsPerSecond: number;
  /** How long a private channel's policy decision is trusted before it is asked again. */
  authorizationTtlMs: number;
}

/** The quotas hosted Realtime documents alike for Pro without a spend cap, Team and Enterprise. */
const LARGE_PLAN = {
  users: 10_000,
  events: 2500,
  joins: 2500,
  channels: 100,
  presence: 1000,
  payloadKb: 3000,
} as const;

/** Hosted Realtime's plans (https://supabase.com/docs/guides/realtime/limits). */
export const PLANS = {
  free: { users: 200, events: 100, joins: 100, channels: 100, presence: 20, payloadKb: 256 },
  pro: { users: 500, events: 500, joins: 500, channels: 100, presence: 50, payloadKb: 3000 },
  pro_no_spend_cap: LARGE_PLAN,
  team: LARGE_PLAN,
  enterprise: LARGE_PLAN,
} as const;

export type RealtimePlan = keyof typeof PLANS;

/** A bad environment variable, named as such (not as a config.toml key). */
export class EnvConfigError extends ConfigError {
  constructor(name: string, expected: string, got: string) {
    super(name, expected, got);
    this.message = `environment: ${name}: expected ${expected}, got ${JSON.stringify(got)}`;
  }
}

type Numeric = Exclude<keyof RealtimeLimits, 'plan'>;

/**
 * Each limit: its variable, its default (from the plan and the limits read before it — the
 * table is read in order), and its lowest allowed value.
 */
const LIMITS: [Numeric, string, (l: RealtimeLimits) => number, number][] = [
  ['maxConcurrentUsers', 'TENANT_MAX_CONCURRENT_USERS', (l) => PLANS[l.plan].users, 1],
  ['maxEventsPerSecond', 'TENANT_MAX_EVENTS_PER_SECOND', (l) => PLANS[l.plan].events, 1],
  ['maxJoinsPerSecond', 'TENANT_MAX_JOINS_PER_SECOND', (l) => PLANS[l.plan].joins, 1],
  ['maxChannelsPerClient', 'TENANT_MAX_CHANNELS_PER_CLIENT', (l) => PLANS[l.plan].channels, 1],
  ['maxPayloadSizeKb', 'TENANT_MAX_PAYLOAD_SIZE_IN_KB', (l) => PLANS[l.plan].payloadKb, 1],
  [
    'maxPresenceEventsPerSecond',
    'TENANT_MAX_PRESENCE_EVENTS_PER_SECOND',
    (l) => PLANS[l.plan].presence,
    1,
  ],
  ['clientPresenceMaxCalls', 'CLIENT_PRESENCE_MAX_CALLS', () => 5, 1],
  ['clientPresenceWindowMs', 'CLIENT_PRESENCE_WINDOW_MS', () => 30_000, 1],
  ['maxConnections', 'MAX_CONNECTIONS', (l) => Math.max(1000, l.maxConcurrentUsers), 1],
  ['websocketTimeoutMs', 'SHEAF_REALTIME_WEBSOCKET_TIMEOUT_MS', () => 60_000, 100],
  ['noChannelTimeoutMs', 'NO_CHANNEL_TIMEOUT_IN_MS', () => 600_000, 100],
  ['channelErrorBackoffMs', 'CHANNEL_ERROR_BACKOFF_MS', () => 0, 0],
  // One socket never sends more per second than the whole project may average …
  [
    'clientMaxEventsPerSecond',
    'SHEAF_REALTIME_CLIENT_MAX_EVENTS_PER_SECOND',
    (l) => l.maxEventsPerSecond,
    1,
  ],
  // … nor more than half of that on one channel.
  [
    'channelMaxEventsPerSecond',
    'SHEAF_REALTIME_CHANNEL_MAX_EVENTS_PER_SECOND',
    (l) => Math.max(1, Math.floor(l.clientMaxEventsPerSecond / 2)),
    1,
  ],
  // Its largest allowed message ten times a second (five times on one channel).
  [
    'clientMaxBytesPerSecond',
    'SHEAF_REALTIME_CLIENT_MAX_BYTES_PER_SECOND',
    (l) => 10 * framed(l.maxPayloadSizeKb),
    1,
  ],
  [
    'channelMaxBytesPerSecond',
    'SHEAF_REALTIME_CHANNEL_MAX_BYTES_PER_SECOND',
    (l) => 5 * framed(l.maxPayloadSizeKb),
    1,
  ],
  ['clientMaxJoinsPerSecond', 'SHEAF_REALTIME_CLIENT_MAX_JOINS_PER_SECOND', () => 10, 1],
  ['channelMaxJoinsPerSecond', 'SHEAF_REALTIME_CHANNEL_MAX_JOINS_PER_SECOND', () => 2, 1],
  [
    'clientMaxPresenceEventsPerSecond',
    'SHEAF_REALTIME_CLIENT_MAX_PRESENCE_EVENTS_PER_SECOND',
    () => 10,
    1,
  ],
  ['authorizationTtlMs', 'SHEAF_REALTIME_AUTHORIZATION_TTL_MS', () => 1000, 0],
];

/** A payload of `kb` in its frame: Realtime allows 500 bytes over the KB, plus the envelope. */
function framed(kb: number): number {
  return kb * 1000 + 1000;
}

function readPlan(env: NodeJS.ProcessEnv): RealtimePlan {
  const raw = env.SHEAF_REALTIME_PLAN?.trim().toLowerCase().replace(/[-\s]/g, '_');
  if (!raw) return 'free';
  if (raw in PLANS) return raw as RealtimePlan;
  throw new EnvConfigError(
    'SHEAF_REALTIME_PLAN',
    `one of ${Object.keys(PLANS).join(', ')}`,
    env.SHEAF_REALTIME_PLAN!,
  );
}

export function readRealtimeLimits(env: NodeJS.ProcessEnv): RealtimeLimits {
  const limits = { plan: readPlan(env) } as RealtimeLimits;
  for (const [key, name, fallback, min] of LIMITS) {
    const raw = env[name]?.trim();
    let value = fallback(limits);
    if (raw) {
      value = /^\d+$/.test(raw) ? Number(raw) : NaN;
      if (!Number.isSafeInteger(value) || value < min)
        throw new EnvConfigError(name, `an integer ≥ ${min}`, raw);
    }
    limits[key] = value;
  }
  return limits;
}
