// Rate limits, counted per client address as Supabase Auth counts them. From `[auth.rate_limit]`,
// in sliding windows: emails and SMS sent per hour, sign-ins/sign-ups, token requests and
// verifications per 5 minutes, anonymous sign-ins per hour. MFA challenges and verifications
// use Supabase Auth's own token buckets (GOTRUE_MFA_RATE_LIMIT_CHALLENGE_AND_VERIFY: 15 a
// minute, bursts of 30; the CLI's config.toml has no key for it), per address and, for the
// factor a request names, per factor too — so no spread of addresses gets more guesses at one
// factor. Over a limit answers 429 with the matching error_code.
//
// Programs on this machine (a loopback address no trusted proxy replaced) share one address, so
// counting their every request would let one test run use up the next run's allowance; the
// Supabase CLI's Auth counts none of them. Here their failed requests still count — guessing
// from this machine is stopped at the same limits — but a request that succeeds is given back
// (`refund`), and their emails count only when they leave the machine by SMTP (SMS never do).
import net from 'node:net';
import type { Config } from '../config/config.ts';
import { authError, type AuthErrorCode } from './errors.ts';

type ConfiguredLimit = keyof Config['auth']['rateLimit'];

/** Windows Supabase Auth sizes from its environment only (config.toml has no key for them). */
type FixedLimit = 'passkey';

export type LimitName = ConfiguredLimit | FixedLimit | 'mfaChallenge' | 'mfaVerify';

const HOUR = 3_600_000;
const FIVE_MINUTES = 300_000;
const OVER_REQUESTS = {
  code: 'over_request_rate_limit',
  msg: 'Request rate limit reached',
} as const;

/** GOTRUE_RATE_LIMIT_PASSKEY's default: passkey sign-in ceremonies started per 5 minutes. */
const FIXED: Record<FixedLimit, number> = { passkey: 30 };

const WINDOWS: Record<
  ConfiguredLimit | FixedLimit,
  { ms: number; code: AuthErrorCode; msg: string }
> = {
  emailSent: { ms: HOUR, code: 'over_email_send_rate_limit', msg: 'email rate limit exceeded' },
  smsSent: { ms: HOUR, code: 'over_sms_send_rate_limit', msg: 'SMS rate limit exceeded' },
  tokenRefresh: { ms: FIVE_MINUTES, ...OVER_REQUESTS },
  signInSignUps: { ms: FIVE_MINUTES, ...OVER_REQUESTS },
  tokenVerifications: { ms: FIVE_MINUTES, ...OVER_REQUESTS },
  anonymousUsers: { ms: HOUR, ...OVER_REQUESTS },
  passkey: { ms: FIVE_MINUTES, ...OVER_REQUESTS },
};

/** Supabase Auth's MFA buckets: 15 tokens a minute, at most 30 held. */
export const MFA_BUCKET = { perMinute: 15, burst: 30 };

const LOOPBACK = new net.BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

/** A program on this machine: the client address is loopback (no trusted proxy named another). */
export function isLocal(address: string): boolean {
  const family = net.isIP(address);
  return family !== 0 && LOOPBACK.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

export interface RateLimiter {
  /**
   * Counts one event for `key` (a client address, or `factor:<user>/<factor>` for the
   * per-factor MFA buckets); throws 429 when the limit for `name` is reached.
   */
  take(name: LimitName, key: string): void;
  /** Gives back the last event taken for `key` (a local program's request that succeeded). */
  refund(name: LimitName, key: string): void;
}

export function createRateLimiter(config: Config, now: () => number = Date.now): RateLimiter {
  const hits = new Map<string, number[]>();
  const buckets = new Map<string, { tokens: number; at: number }>();
  const isBucket = (name: LimitName) => name === 'mfaChallenge' || name === 'mfaVerify';
  const refill = (held: { tokens: number; at: number }, t: number) =>
    Math.min(MFA_BUCKET.burst, held.tokens + ((t - held.at) * MFA_BUCKET.perMinute) / 60_000);

  function window(name: ConfiguredLimit | FixedLimit, key: string): void {
    const limit = name === 'passkey' ? FIXED[name] : config.auth.rateLimit[name];
    const { ms, code, msg } = WINDOWS[name];
    const id = `${name}|${key}`;
    const t = now();
    const recent = (hits.get(id) ?? []).filter((at) => at > t - ms);
    hits.set(id, recent);
    if (recent.length >= limit) throw authError(code, msg);
    recent.push(t);
  }

  function bucket(name: string, key: string): void {
    const id = `${name}|${key}`;
    const t = now();
    const tokens = refill(buckets.get(id) ?? { tokens: MFA_BUCKET.burst, at: t }, t);
    buckets.set(id, { tokens: tokens < 1 ? tokens : tokens - 1, at: t });
    if (tokens < 1) throw authError(OVER_REQUESTS.code, OVER_REQUESTS.msg);
  }

  /** Sends from this machine count only when they leave it (email by SMTP; SMS never do). */
  const uncounted = (name: LimitName, key: string) =>
    isLocal(key) && (name === 'smsSent' || (name === 'emailSent' && !config.auth.email.smtp));

  let swept = now();
  /** Forgets addresses and factors with nothing recent, so the maps do not grow for ever. */
  function sweep(t: number): void {
    if (t - swept < 60_000) return;
    swept = t;
    for (const [id, times] of hits) {
      const ms = WINDOWS[id.slice(0, id.indexOf('|')) as ConfiguredLimit | FixedLimit].ms;
      if (!times.some((at) => at > t - ms)) hits.delete(id);
    }
    for (const [id, held] of buckets) if (refill(held, t) >= MFA_BUCKET.burst) buckets.delete(id);
  }

  return {
    take(name, key) {
      sweep(now());
      if (uncounted(name, key)) return;
      if (isBucket(name)) bucket(name, key);
      else window(name as ConfiguredLimit | FixedLimit, key);
    },
    refund(name, key) {
      const id = `${name}|${key}`;
      const held = buckets.get(id);
      if (held) held.tokens = Math.min(MFA_BUCKET.burst, held.tokens + 1);
      hits.get(id)?.pop();
    },
  };
}
