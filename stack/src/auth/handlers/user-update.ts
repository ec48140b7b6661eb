// PUT /user: metadata, password (same_password, weak_password, and with secure_password_change a
// reauthentication nonce for sessions older than 24 hours), email change (confirmation to the new
// and, with double_confirm_changes, the current address) and phone change (SMS code).
import { audit } from '../audit.ts';
import type { Context } from 'hono';
import type { Queryable } from '../../db/adapter.ts';
import { completeEmailChange, completePhoneChange } from '../confirm.ts';
import type { AuthDeps } from '../deps.ts';
import { authError } from '../errors.ts';
import { clientIp, obj, optStr, readBody, str } from '../http.ts';
import { sendEmailChange, sendSmsCode } from '../messages.ts';
import { SMS_OTP_EXPIRY_SECONDS, tokenHash } from '../otp.ts';
import { notifyChanges } from '../notifications.ts';
import { checkPasswordStrength, hashPassword, verifyPassword } from '../password.ts';
import { checkPkceParams, createFlowState } from '../pkce.ts';
import { redirectFor } from '../redirect.ts';
import { authenticate } from '../session-auth.ts';
import {
  findUserByEmail,
  findUserById,
  findUserByPhone,
  loadUserJson,
  type UserRow,
} from '../users.ts';
import { validateEmail, validatePhone } from '../validate.ts';

const INVALID_NONCE = 'Nonce has expired or is invalid';

/** Merges metadata as Supabase Auth does: null values remove keys. */
export function mergeMetadata(
  current: Record<string, unknown> | null,
  updates: Record<string, unknown>,
): Record<string, unknown> {
  const out = { ...(current ?? {}) };
  for (const [key, value] of Object.entries(updates)) {
    if (value === null) delete out[key];
    else out[key] = value;
  }
  return out;
}

async function checkNonce(deps: AuthDeps, tx: Queryable, userId: string, nonce: string) {
  const { rows } = await tx.query<{
    email: string | null;
    phone: string | null;
    reauthentication_token: string;
    valid: boolean;
  }>(
    `select email, phone, reauthentication_token,
       reauthentication_sent_at is not null and now() <= reauthentication_sent_at
         + make_interval(secs => case when email is null or email = '' then $3::int else $2::int end) as valid
     from auth.users where id = $1`,
    [userId, deps.ctx.config.auth.email.otpExpiry, SMS_OTP_EXPIRY_SECONDS],
  );
  const u = rows[0]!;
  if (!u.reauthentication_token || !u.valid)
    throw authError('reauthentication_not_valid', INVALID_NONCE);
  const hash = tokenHash(u.email || u.phone || '', nonce);
  if (hash !== u.reauthentication_token)
    throw authError('reauthentication_not_valid', INVALID_NONCE);
  await tx.query(
    `update auth.users set reauthentication_token = '', reauthentication_sent_at = null where id = $1`,
    [userId],
  );
}

export async function updateUser(deps: AuthDeps, c: Context): Promise<Response> {
  const { config } = deps.ctx;
  deps.limiter.take('signInSignUps', clientIp(c));
  const body = await readBody(c);
  const auth = await authenticate(deps, c);
  const user: UserRow = auth.user;
  let email = str(body, 'email');
  let phone = str(body, 'phone');
  const password = optStr(body, 'password');
  const nonce = str(body, 'nonce');
  const data = obj(body, 'data');
  const appData = obj(body, 'app_metadata');
  const challenge = str(body, 'code_challenge');
  const challengeMethod = str(body, 'code_challenge_method');
  str(body, 'channel');
  if (email) email = validateEmail(email);
  if (phone) phone = validatePhone(phone);
  if (password !== undefined) checkPasswordStrength(config, password);
  const pkce = checkPkceParams(challenge, challengeMethod);
  if (appData !== undefined)
    throw authError('not_admin', 'Updating app_metadata requires admin privileges');
  const changesEmail = email !== '' && email !== user.email;
  const changesPhone = phone !== '' && phone !== user.phone;
  const hasVerifiedFactor =
    (
      await deps.ctx.db.query(
        `select 1 from auth.mfa_factors where user_id = $1 and status = 'verified'`,
        [user.id],
      )
    ).rowCount > 0;
  if (hasVerifiedFactor && auth.aal !== 'aal2' && (password || changesEmail || changesPhone))
    throw authError(
      'insufficient_aal',
      'AAL2 session is required to update email or password when MFA is enabled.',
      401,
    );
  if (user.is_anonymous && password && !email && !phone)
    throw authError(
      'validation_failed',
      'Updating password of an anonymous user without an email or phone is not allowed',
      422,
    );
  if (changesEmail) {
    const other = await findUserByEmail(deps.ctx.db, email);
    if (other && other.id !== user.id)
      throw authError('email_exists', 'A user with this email address has already been registered');
  }
  if (changesPhone && (await findUserByPhone(deps.ctx.db, phone)))
    throw authError('phone_exists', 'A user with this phone number has already been registered');
  let passwordHash: string | undefined;
  if (password !== undefined) {
    if (config.auth.email.securePasswordChange) {
      const { rows } = await deps.ctx.db.query<{ old: boolean }>(
        `select created_at < now() - interval '24 hours' as old from auth.sessions where id = $1`,
        [auth.sessionId ?? null],
      );
      if (!rows[0] || rows[0].old) {
        if (!nonce)
          throw authError('reauthentication_needed', 'Password update requires reauthentication');
      }
    }
    if (password && (await verifyPassword(password, user.encrypted_password)))
      throw authError('same_password', 'New password should be different from the old password.');
    passwordHash = await hashPassword(password);
  }
  const ip = clientIp(c);
  const redirectTo = redirectFor(c, config);
  await deps.ctx.db.transaction(async (tx) => {
    await audit(
      tx,
      user,
      passwordHash !== undefined ? 'user_updated_password' : 'user_modified',
      ip,
    );
    if (passwordHash !== undefined) {
      if (nonce && config.auth.email.securePasswordChange)
        await checkNonce(deps, tx, user.id, nonce);
      await tx.query(
        `update auth.users set encrypted_password = $2, confirmation_token = '', confirmation_sent_at = null,
           recovery_token = '', recovery_sent_at = null, email_change_token_current = '', email_change_token_new = '',
           email_change_sent_at = null, phone_change_token = '', phone_change_sent_at = null,
           reauthentication_token = '', reauthentication_sent_at = null, updated_at = now()
         where id = $1`,
        [user.id, passwordHash],
      );
      await tx.query('delete from auth.one_time_tokens where user_id = $1', [user.id]);
      await tx.query('delete from auth.sessions where user_id = $1 and id is distinct from $2', [
        user.id,
        auth.sessionId ?? null,
      ]);
    }
    if (data !== undefined)
      await tx.query(
        'update auth.users set raw_user_meta_data = $2, updated_at = now() where id = $1',
        [user.id, JSON.stringify(mergeMetadata(user.raw_user_meta_data, data))],
      );
    if (changesEmail && user.is_anonymous && !config.auth.email.enableConfirmations) {
      await tx.query('update auth.users set email_change = $2 where id = $1', [user.id, email]);
      await completeEmailChange(tx, user.id);
    } else if (changesEmail) {
      if (pkce) await createFlowState(tx, user.id, challenge, challengeMethod, 'email_change');
      await sendEmailChange(deps, tx, (await findUserById(tx, user.id))!, email, {
        ip,
        redirectTo,
        pkce,
      });
    }
    if (changesPhone) {
      if (!config.auth.sms.enableConfirmations) {
        await tx.query(`update auth.users set phone_change = $2 where id = $1`, [user.id, phone]);
        await completePhoneChange(tx, user.id);
      } else
        await sendSmsCode(deps, tx, (await findUserById(tx, user.id))!, phone, 'phone_change', ip);
    }
  });
  await notifyChanges(deps, user, ip, passwordHash !== undefined);
  return c.json(await loadUserJson(deps.ctx.db, user.id));
}
