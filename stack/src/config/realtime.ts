// `[realtime]` of config.toml with the Supabase CLI's keys (`enabled`, `ip_version`,
// `max_header_length`), and the Realtime service's limits. The CLI's config.toml has no keys
// for limits (and rejects unknown ones), so they come from the environment (realtime-limits.ts).
import { readRealtimeLimits, type RealtimeLimits } from './realtime-limits.ts';
import type { Reader, Table } from './values.ts';

export {
  EnvConfigError,
  PLANS,
  readRealtimeLimits,
  type RealtimeLimits,
  type RealtimePlan,
} from './realtime-limits.ts';

export interface RealtimeConfig {
  enabled: boolean;
  /** Accepted for the CLI's sake; the stack listens where the gateway listens. */
  ipVersion: 'IPv4' | 'IPv6';
  /** Longest request header (name and value) the WebSocket upgrade accepts. */
  maxHeaderLength: number;
  limits: RealtimeLimits;
}

export function readRealtime(r: Reader, t: Table, env: NodeJS.ProcessEnv): RealtimeConfig {
  return {
    enabled: r.bool(t, 'enabled', 'realtime', true),
    ipVersion: r.oneOf(t, 'ip_version', 'realtime', ['IPv4', 'IPv6'] as const, 'IPv4'),
    maxHeaderLength: r.int(t, 'max_header_length', 'realtime', 4096, 256, 1 << 20),
    limits: readRealtimeLimits(env),
  };
}
