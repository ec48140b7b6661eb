// Finding and applying a verification: the user behind a link's token hash or an emailed/SMS
// code (with expiry from `[auth.email] otp_expiry`, and `[auth.sms.test_otp]`), and the state
// change each type makes (confirm, recover, email/phone change with double confirmation).
import { randomBytes } from 'node:crypto';
import type { AuthDeps } from './endpoint.ts';
import { authError } from './errors.ts';
import { SMS_OTP_EXPIRY_SECONDS, sameToken, testOtpFor, tokenHash } from './otp.ts';
import { hashPassword } from './password.ts';
import type { AuthQueries } from './store/index.ts';
import type { UserWithTokens } from './store/rows.ts';

export const EMAIL_TYPES = ['signup', 'invite', 'recovery', 'magiclink', 'email', 'email_change'];
const LINK_INVALID = 'Email link is invalid or has expired';
export const TOKEN_INVALID = 'Token has expired or is invalid';
export const SINGLE_CONFIRMATION =
  'Confirmation link accepted. Please proceed to confirm link sent to the other email';

export interface Found {
  user: UserWithTokens;
  /** The type the token turned out to be (`email` resolves to signup or magiclink). */
  type: string;
}

function expired(sentAt: string | null, seconds: number): boolean {
  if (!sentAt) return true;
  return Date.now() > new Date(sentAt).getTime() + seconds * 1000;
}

/** Finds the user of a link's token hash (GET, or POST with token_hash). */
export async function byTokenHash(
  deps: AuthDeps,
  q: AuthQueries,
  type: string,
  hash: string,
): Promise<Found> {
  if (!EMAIL_TYPES.includes(type))
    throw authError('validation_failed', 'Invalid email verification type');
  if (hash.includes('\u0000')) throw authError('otp_expired', LINK_INVALID);
  const user = await q.findUserByLinkToken(type, hash);
  if (!user) throw authError('otp_expired', LINK_INVALID);
  if (user.banned) throw authError('user_banned', 'User is banned', 403);
  let resolved = type;
  let sentAt = user.confirmation_sent_at;
  if (type === 'email' && user.recovery_token === hash) {
    resolved = 'magiclink';
    sentAt = user.recovery_sent_at;
  } else if (type === 'email') resolved = 'signup';
  if (type === 'recovery' || type === 'magiclink') sentAt = user.recovery_sent_at;
  if (type === 'email_change') sentAt = user.email_change_sent_at;
  if (expired(sentAt, deps.config.auth.email.otpExpiry))
    throw authError('otp_expired', LINK_INVALID);
  return { user, type: resolved };
}

/** A token column a code may match: its value, when it was sent, the type it resolves to. */
type Candidate = [stored: string | null, sentAt: string | null, resolved: string];

function candidates(user: UserWithTokens, type: string): Candidate[] {
  const confirmation: Candidate = [user.confirmation_token, user.confirmation_sent_at, type];
  const recovery: Candidate = [user.recovery_token, user.recovery_sent_at, type];
  switch (type) {
    case 'email':
      return [
        [user.confirmation_token, user.confirmation_sent_at, 'signup'],
        [user.recovery_token, user.recovery_sent_at, 'magiclink'],
      ];
    case 'signup':
    case 'invite':
    case 'sms':
      return [confirmation];
    case 'recovery':
    case 'magiclink':
      return [recovery];
    case 'email_change':
      return [
        [user.email_change_token_current, user.email_change_sent_at, type],
        [user.email_change_token_new, user.email_change_sent_at, type],
      ];
    case 'phone_change':
      return [[user.phone_change_token, user.phone_change_sent_at, type]];
    default:
      return [];
  }
}

/** Finds the user of a code sent to an email address or phone number (POST with token). */
export async function byCode(
  deps: AuthDeps,
  q: AuthQueries,
  type: string,
  identifier: string,
  code: string,
): Promise<Found> {
  const hash = tokenHash(identifier, code);
  const user = await q.findUserForCode(type, identifier, hash);
  if (!user) throw authError('otp_expired', TOKEN_INVALID);
  if (user.banned) throw authError('user_banned', 'User is banned', 403);
  const expiry =
    type === 'sms' || type === 'phone_change'
      ? SMS_OTP_EXPIRY_SECONDS
      : deps.config.auth.email.otpExpiry;
  const valid = ([stored, sentAt]: Candidate) =>
    sameToken(hash, stored) && !expired(sentAt, expiry);
  const test = testOtpFor(deps.config.auth.sms.testOtp, identifier);
  const isTestCode = (type === 'sms' || type === 'phone_change') && !!test && test === code;
  const resolved = isTestCode ? type : candidates(user, type).find(valid)?.[2];
  if (!resolved) throw authError('otp_expired', TOKEN_INVALID);
  return { user, type: resolved };
}

/** Applies the verified type; returns false for the first half of a double-confirmed email change. */
export async function applyVerification(
  deps: AuthDeps,
  q: AuthQueries,
  { user, type }: Found,
  hash: string,
): Promise<boolean> {
  const { email } = deps.config.auth;
  // Recovery and magic links are logged as the login that follows; an accepted invitation is a
  // sign-up (invite_accepted is for invitations accepted through an OAuth provider).
  if (type === 'signup' || type === 'invite' || type === 'sms')
    await q.recordAudit(user, 'user_signedup');
  else if (type === 'email_change' || type === 'phone_change')
    await q.recordAudit(user, 'user_modified');
  switch (type) {
    case 'signup':
    case 'invite':
      if (user.invited_at && !user.encrypted_password) await setUnknownPassword(q, user.id);
      await q.confirmEmail(user.id);
      return true;
    case 'recovery':
    case 'magiclink':
      await q.consumeRecovery(user.id);
      return true;
    case 'sms':
      await q.confirmPhone(user.id);
      return true;
    case 'phone_change':
      await q.completePhoneChange(user.id);
      return true;
    case 'email_change':
      if (
        email.enableConfirmations &&
        email.doubleConfirmChanges &&
        user.email_change_confirm_status === 0 &&
        user.email
      ) {
        const side = sameToken(hash, user.email_change_token_current) ? 'current' : 'new';
        await q.confirmEmailChangeSide(user.id, side);
        return false;
      }
      await q.completeEmailChange(user.id);
      return true;
    default:
      throw authError('validation_failed', 'Unsupported verification type');
  }
}

/**
 * An invited user confirming without a password gets one nobody knows, as Supabase Auth gives
 * it (the app is to offer them a form to choose their own). Like any password change, it ends
 * the user's sessions and pending codes.
 */
async function setUnknownPassword(q: AuthQueries, userId: string): Promise<void> {
  await q.changePassword(userId, await hashPassword(randomBytes(48).toString('base64url')));
  await q.deleteUserSessions(userId);
}
