// Finding and applying a verification: the user behind a link's token hash or an emailed/SMS
// code (with expiry from `[auth.email] otp_expiry` and `[auth.sms.test_otp]`), and the state change
// each type makes (confirm, recover, email/phone change with double confirmation).
import type { Queryable } from '../db/adapter.ts';
import {
  completeEmailChange,
  completePhoneChange,
  confirmEmail,
  confirmPhone,
  consumeRecovery,
} from './confirm.ts';
import { audit } from './audit.ts';
import type { AuthDeps } from './deps.ts';
import { authError } from './errors.ts';
import { SMS_OTP_EXPIRY_SECONDS, testOtpFor, tokenHash } from './otp.ts';
import { USER_COLUMNS, type UserRow } from './users.ts';

export const EMAIL_TYPES = ['signup', 'invite', 'recovery', 'magiclink', 'email', 'email_change'];
const LINK_INVALID = 'Email link is invalid or has expired';
export const TOKEN_INVALID = 'Token has expired or is invalid';
export const SINGLE_CONFIRMATION =
  'Confirmation link accepted. Please proceed to confirm link sent to the other email';

export interface Found {
  user: UserRow & Record<string, unknown>;
  type: string;
}

const TOKEN_COLUMNS = `confirmation_token, recovery_token, email_change_token_current,
  email_change_token_new, phone_change_token, email_change_confirm_status`;

async function selectUser(tx: Queryable, where: string, params: unknown[]) {
  const { rows } = await tx.query<Found['user']>(
    `select ${USER_COLUMNS}, ${TOKEN_COLUMNS} from auth.users where ${where} limit 1`,
    params,
  );
  return rows[0];
}

function expired(sentAt: unknown, seconds: number): boolean {
  if (typeof sentAt !== 'string') return true;
  return Date.now() > new Date(sentAt).getTime() + seconds * 1000;
}

/** Finds the user of a link's token hash (GET, or POST with token_hash). */
export async function byTokenHash(
  deps: AuthDeps,
  tx: Queryable,
  type: string,
  hash: string,
): Promise<Found> {
  const where: Record<string, string> = {
    signup: 'confirmation_token = $1',
    invite: 'confirmation_token = $1',
    recovery: 'recovery_token = $1',
    magiclink: 'recovery_token = $1',
    email: '(confirmation_token = $1 or recovery_token = $1)',
    email_change: '(email_change_token_current = $1 or email_change_token_new = $1)',
  };
  if (!where[type]) throw authError('validation_failed', 'Invalid email verification type');
  if (hash.includes('\u0000')) throw authError('otp_expired', LINK_INVALID);
  const user = await selectUser(tx, where[type], [hash]);
  if (!user) throw authError('otp_expired', LINK_INVALID);
  if (user.banned) throw authError('user_banned', 'User is banned', 403);
  let resolved = type;
  let sentAt: unknown = user.confirmation_sent_at;
  if (type === 'email' && user.recovery_token === hash) {
    resolved = 'magiclink';
    sentAt = user.recovery_sent_at;
  } else if (type === 'email') resolved = 'signup';
  if (type === 'recovery' || type === 'magiclink') sentAt = user.recovery_sent_at;
  if (type === 'email_change') sentAt = user.email_change_sent_at;
  if (expired(sentAt, deps.ctx.config.auth.email.otpExpiry))
    throw authError('otp_expired', LINK_INVALID);
  return { user, type: resolved };
}

const matches = (hash: string, stored: unknown) =>
  typeof stored === 'string' && stored !== '' && (stored === hash || stored === `pkce_${hash}`);

/** Finds the user of a code sent to an email address or phone number (POST with token). */
export async function byCode(
  deps: AuthDeps,
  tx: Queryable,
  type: string,
  identifier: string,
  code: string,
): Promise<Found> {
  const expiry = deps.ctx.config.auth.email.otpExpiry;
  const hash = tokenHash(identifier, code);
  const user =
    type === 'phone_change'
      ? await selectUser(tx, 'phone_change = $1', [identifier])
      : type === 'sms'
        ? await selectUser(tx, 'phone = $1', [identifier])
        : type === 'email_change'
          ? await selectUser(
              tx,
              `(lower(email_change) = $1::text and email_change_token_new in ($2::text, 'pkce_' || $2::text))
               or (lower(email) = $1::text and email_change_token_current in ($2::text, 'pkce_' || $2::text))`,
              [identifier, hash],
            )
          : await selectUser(tx, 'lower(email) = $1 and is_sso_user = false', [identifier]);
  if (!user) throw authError('otp_expired', TOKEN_INVALID);
  if (user.banned) throw authError('user_banned', 'User is banned', 403);
  const valid = (stored: unknown, sentAt: unknown) =>
    matches(hash, stored) && !expired(sentAt, expiry);
  let resolved = type;
  let ok = false;
  switch (type) {
    case 'email':
      if (valid(user.confirmation_token, user.confirmation_sent_at)) {
        ok = true;
        resolved = 'signup';
      } else if (valid(user.recovery_token, user.recovery_sent_at)) {
        ok = true;
        resolved = 'magiclink';
      }
      break;
    case 'signup':
    case 'invite':
      ok = valid(user.confirmation_token, user.confirmation_sent_at);
      break;
    case 'recovery':
    case 'magiclink':
      ok = valid(user.recovery_token, user.recovery_sent_at);
      break;
    case 'email_change':
      ok =
        valid(user.email_change_token_current, user.email_change_sent_at) ||
        valid(user.email_change_token_new, user.email_change_sent_at);
      break;
    case 'sms':
    case 'phone_change': {
      const test = testOtpFor(deps.ctx.config.auth.sms.testOtp, identifier);
      const smsValid = (stored: unknown, sentAt: unknown) =>
        matches(hash, stored) && !expired(sentAt, SMS_OTP_EXPIRY_SECONDS);
      if (test && test === code) ok = true;
      else if (type === 'sms') ok = smsValid(user.confirmation_token, user.confirmation_sent_at);
      else ok = smsValid(user.phone_change_token, user.phone_change_sent_at);
      break;
    }
  }
  if (!ok) throw authError('otp_expired', TOKEN_INVALID);
  return { user, type: resolved };
}

/** Applies the verified type; returns false for the first half of a double-confirmed email change. */
export async function apply(
  deps: AuthDeps,
  tx: Queryable,
  found: Found,
  hash: string,
): Promise<boolean> {
  const { user, type } = found;
  const { email } = deps.ctx.config.auth;
  // Recovery and magic links are logged as the login that follows.
  if (type === 'signup' || type === 'sms') await audit(tx, user, 'user_signedup');
  else if (type === 'invite') await audit(tx, user, 'invite_accepted');
  else if (type === 'email_change' || type === 'phone_change')
    await audit(tx, user, 'user_modified');
  switch (type) {
    case 'signup':
    case 'invite':
      await confirmEmail(tx, user.id);
      return true;
    case 'recovery':
    case 'magiclink':
      await consumeRecovery(tx, user.id);
      return true;
    case 'sms':
      await confirmPhone(tx, user.id);
      return true;
    case 'phone_change':
      await completePhoneChange(tx, user.id);
      return true;
    case 'email_change':
      if (
        email.enableConfirmations &&
        email.doubleConfirmChanges &&
        user.email_change_confirm_status === 0 &&
        user.email
      ) {
        const current = matches(hash, user.email_change_token_current);
        await tx.query(
          `update auth.users set email_change_confirm_status = 1,
             ${current ? 'email_change_token_current' : 'email_change_token_new'} = '' where id = $1`,
          [user.id],
        );
        await tx.query(
          `delete from auth.one_time_tokens where user_id = $1 and token_type = $2::auth.one_time_token_type`,
          [user.id, current ? 'email_change_token_current' : 'email_change_token_new'],
        );
        return false;
      }
      await completeEmailChange(tx, user.id);
      return true;
    default:
      throw authError('validation_failed', 'Unsupported verification type');
  }
}
