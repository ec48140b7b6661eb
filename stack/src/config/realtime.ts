// `[realtime]` of config.toml with the Supabase CLI's keys (`enabled`, `ip_version`,
// `max_header_length`), and the Realtime service's limits. The CLI's config.toml has no keys
// for limits (and rejects unknown ones), so they come from the environment under the names the
// Realtime server itself reads (TENANT_MAX_CONCURRENT_USERS …), with its defaults.
import { ConfigError, type Reader, type Table } from './values.ts';

export interface RealtimeLimits {
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
}

export interface RealtimeConfig {
  enabled: boolean;
  /** Accepted for the CLI's sake; the stack listens where the gateway listens. */
  ipVersion: 'IPv4' | 'IPv6';
  /** Longest request header (name and value) the WebSocket upgrade accepts. */
  maxHeaderLength: number;
  limits: RealtimeLimits;
}

/** Environment variables for the limits, their defaults and lowest allowed values. */
const LIMITS: Record<keyof RealtimeLimits, [name: string, fallback: number, min: number]> = {
  maxConcurrentUsers: ['TENANT_MAX_CONCURRENT_USERS', 200, 1],
  maxEventsPerSecond: ['TENANT_MAX_EVENTS_PER_SECOND', 100, 1],
  maxJoinsPerSecond: ['TENANT_MAX_JOINS_PER_SECOND', 100, 1],
  maxChannelsPerClient: ['TENANT_MAX_CHANNELS_PER_CLIENT', 100, 1],
  maxPayloadSizeKb: ['TENANT_MAX_PAYLOAD_SIZE_IN_KB', 3000, 1],
  maxPresenceEventsPerSecond: ['TENANT_MAX_PRESENCE_EVENTS_PER_SECOND', 1000, 1],
  clientPresenceMaxCalls: ['CLIENT_PRESENCE_MAX_CALLS', 5, 1],
  clientPresenceWindowMs: ['CLIENT_PRESENCE_WINDOW_MS', 30_000, 1],
  maxConnections: ['MAX_CONNECTIONS', 1000, 1],
  websocketTimeoutMs: ['SHEAF_REALTIME_WEBSOCKET_TIMEOUT_MS', 60_000, 100],
  noChannelTimeoutMs: ['NO_CHANNEL_TIMEOUT_IN_MS', 600_000, 100],
  channelErrorBackoffMs: ['CHANNEL_ERROR_BACKOFF_MS', 0, 0],
};

/** A bad environment variable, named as such (not as a config.toml key). */
export class EnvConfigError extends ConfigError {
  constructor(name: string, expected: string, got: string) {
    super(name, expected, got);
    this.message = `environment: ${name}: expected ${expected}, got ${JSON.stringify(got)}`;
  }
}

export function readRealtimeLimits(env: NodeJS.ProcessEnv): RealtimeLimits {
  const limits = {} as RealtimeLimits;
  for (const [key, [name, fallback, min]] of Object.entries(LIMITS)) {
    const raw = env[name]?.trim();
    let value = fallback;
    if (raw) {
      value = /^\d+$/.test(raw) ? Number(raw) : NaN;
      if (!Number.isSafeInteger(value) || value < min)
        throw new EnvConfigError(name, `an integer ≥ ${min}`, raw);
    }
    limits[key as keyof RealtimeLimits] = value;
  }
  return limits;
}

export function readRealtime(r: Reader, t: Table, env: NodeJS.ProcessEnv): RealtimeConfig {
  return {
    enabled: r.bool(t, 'enabled', 'realtime', true),
    ipVersion: r.oneOf(t, 'ip_version', 'realtime', ['IPv4', 'IPv6'] as const, 'IPv4'),
    maxHeaderLength: r.int(t, 'max_header_length', 'realtime', 4096, 256, 1 << 20),
    limits: readRealtimeLimits(env),
  };
}
