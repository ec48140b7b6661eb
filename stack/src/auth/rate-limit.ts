// Rate limits, counted per client address as Supabase Auth counts them. From `[auth.rate_limit]`,
// in sliding windows: emails and SMS sent per hour, sign-ins/sign-ups, token requests and
// verifications per 5 minutes, anonymous sign-ins per hour. MFA challenges and verifications
// use Supabase Auth's own token buckets (GOTRUE_MFA_RATE_LIMIT_CHALLENGE_AND_VERIFY: 15 a
// minute, bursts of 30; the CLI's config.toml has no key for it), per address and, for the
// factor a request names, per factor too — so no spread of addresses gets more guesses at one
// factor. Over a limit answers 429 with the matching error_code.
import type { Config } from '../config/config.ts';
import { authError, type AuthErrorCode } from './errors.ts';

type ConfiguredLimit = keyof Config['auth']['rateLimit'];

export type LimitName = ConfiguredLimit | 'mfaChallenge' | 'mfaVerify';

const HOUR = 3_600_000;
const FIVE_MINUTES = 300_000;
const OVER_REQUESTS = {
  code: 'over_request_rate_limit',
  msg: 'Request rate limit reached',
} as const;

const WINDOWS: Record<ConfiguredLimit, { ms: number; code: AuthErrorCode; msg: string }> = {
  emailSent: { ms: HOUR, code: 'over_email_send_rate_limit', msg: 'email rate limit exceeded' },
  smsSent: { ms: HOUR, code: 'over_sms_send_rate_limit', msg: 'SMS rate limit exceeded' },
  tokenRefresh: { ms: FIVE_MINUTES, ...OVER_REQUESTS },
  signInSignUps: { ms: FIVE_MINUTES, ...OVER_REQUESTS },
  tokenVerifications: { ms: FIVE_MINUTES, ...OVER_REQUESTS },
  anonymousUsers: { ms: HOUR, ...OVER_REQUESTS },
};

/** Supabase Auth's MFA buckets: 15 tokens a minute, at most 30 held. */
export const MFA_BUCKET = { perMinute: 15, burst: 30 };

export interface RateLimiter {
  /**
   * Counts one event for `key` (a client address, or `factor:<id>` for the per-factor MFA
   * buckets); throws 429 when the limit for `name` is reached.
   */
  take(name: LimitName, key: string): void;
}

export function createRateLimiter(config: Config, now: () => number = Date.now): RateLimiter {
  const hits = new Map<string, number[]>();
  const buckets = new Map<string, { tokens: number; at: number }>();

  function window(name: ConfiguredLimit, key: string): void {
    const limit = config.auth.rateLimit[name];
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
    const held = buckets.get(id) ?? { tokens: MFA_BUCKET.burst, at: t };
    const tokens = Math.min(
      MFA_BUCKET.burst,
      held.tokens + ((t - held.at) * MFA_BUCKET.perMinute) / 60_000,
    );
    if (tokens < 1) {
      buckets.set(id, { tokens, at: t });
      throw authError(OVER_REQUESTS.code, OVER_REQUESTS.msg);
    }
    buckets.set(id, { tokens: tokens - 1, at: t });
  }

  let swept = now();
  /** Forgets addresses and factors with nothing recent, so the maps do not grow for ever. */
  function sweep(t: number): void {
    if (t - swept < 60_000) return;
    swept = t;
    for (const [id, times] of hits) {
      const ms = WINDOWS[id.slice(0, id.indexOf('|')) as ConfiguredLimit].ms;
      if (!times.some((at) => at > t - ms)) hits.delete(id);
    }
    for (const [id, held] of buckets)
      if (held.tokens + ((t - held.at) * MFA_BUCKET.perMinute) / 60_000 >= MFA_BUCKET.burst)
        buckets.delete(id);
  }

  return {
    take(name, key) {
      sweep(now());
      if (name === 'mfaChallenge' || name === 'mfaVerify') bucket(name, key);
      else window(name, key);
    },
  };
}
