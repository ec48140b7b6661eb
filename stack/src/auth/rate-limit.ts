// Rate limits from `[auth.rate_limit]`, counted per client address in sliding windows as
// Supabase Auth counts them: emails and SMS sent per hour, sign-ins/sign-ups, token refreshes
// and verifications per 5 minutes. Over the limit answers 429 with the matching error_code.
import type { Config } from '../config/config.ts';
import { authError, type AuthErrorCode } from './errors.ts';

export type LimitName =
  | 'emailSent'
  | 'smsSent'
  | 'tokenRefresh'
  | 'signInSignUps'
  | 'tokenVerifications'
  | 'anonymousUsers';

const HOUR = 3_600_000;
const FIVE_MINUTES = 300_000;

const WINDOWS: Record<LimitName, { ms: number; code: AuthErrorCode; msg: string }> = {
  emailSent: { ms: HOUR, code: 'over_email_send_rate_limit', msg: 'email rate limit exceeded' },
  smsSent: { ms: HOUR, code: 'over_sms_send_rate_limit', msg: 'SMS rate limit exceeded' },
  tokenRefresh: {
    ms: FIVE_MINUTES,
    code: 'over_request_rate_limit',
    msg: 'Request rate limit reached',
  },
  signInSignUps: {
    ms: FIVE_MINUTES,
    code: 'over_request_rate_limit',
    msg: 'Request rate limit reached',
  },
  tokenVerifications: {
    ms: FIVE_MINUTES,
    code: 'over_request_rate_limit',
    msg: 'Request rate limit reached',
  },
  anonymousUsers: { ms: HOUR, code: 'over_request_rate_limit', msg: 'Request rate limit reached' },
};

export interface RateLimiter {
  /** Counts one event for the address; throws 429 when the limit for `name` is reached. */
  take(name: LimitName, address: string): void;
}

export function createRateLimiter(config: Config, now: () => number = Date.now): RateLimiter {
  const hits = new Map<string, number[]>();
  return {
    take(name, address) {
      const limit = config.auth.rateLimit[name];
      const { ms, code, msg } = WINDOWS[name];
      const key = `${name}|${address}`;
      const t = now();
      const recent = (hits.get(key) ?? []).filter((at) => at > t - ms);
      if (recent.length >= limit) {
        hits.set(key, recent);
        throw authError(code, msg);
      }
      recent.push(t);
      hits.set(key, recent);
    },
  };
}
