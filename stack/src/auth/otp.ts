// One-time codes as Supabase Auth makes them: a numeric code of the configured length, stored as
// sha224(identifier + code); links carry that hash (prefixed `pkce_` for PKCE flows). Test
// numbers from `[auth.sms.test_otp]` have fixed codes.
import { createHash, randomInt } from 'node:crypto';

/** SMS codes expire after 60 seconds (GoTrue's default; the CLI's config has no key for it). */
export const SMS_OTP_EXPIRY_SECONDS = 60;

/** GoTrue's default SMS code length (the CLI's config has no key for it). */
export const SMS_OTP_LENGTH = 6;

export function generateOtp(length: number): string {
  let code = '';
  for (let i = 0; i < length; i++) code += String(randomInt(10));
  return code;
}

export const tokenHash = (identifier: string, otp: string) =>
  createHash('sha224')
    .update(identifier + otp)
    .digest('hex');

/** Whether a stored token (plain or `pkce_`-prefixed) is this hash. */
export const sameToken = (hash: string, stored: unknown) =>
  typeof stored === 'string' && stored !== '' && (stored === hash || stored === `pkce_${hash}`);

/** The `[auth.sms.test_otp]` code for a phone number (keys may carry '+' or spaces). */
export function testOtpFor(testOtp: Record<string, string>, phone: string): string | undefined {
  for (const [key, code] of Object.entries(testOtp))
    if (key.replace(/^\+/, '').replace(/\s/g, '') === phone) return code;
  return undefined;
}
