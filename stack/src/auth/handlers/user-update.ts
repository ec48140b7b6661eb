// PUT /user: metadata, password (same_password, weak_password, and with secure_password_change a
// reauthentication nonce for sessions older than 24 hours), email change (confirmation to the new
// and, with double_confirm_changes, the current address) and phone change (SMS code).
import { z } from 'zod';
import { userEndpoint, type AuthDeps, type UserSession } from '../endpoint.ts';
import { authError } from '../errors.ts';
import { sendEmailChange, sendSmsCode } from '../messages.ts';
import { notifyChanges } from '../notifications.ts';
import { SMS_OTP_EXPIRY_SECONDS, tokenHash } from '../otp.ts';
import { object, optionalText, text } from '../params.ts';
import { checkPasswordStrength, hashPassword, verifyPassword } from '../password.ts';
import { checkPkceParams, startFlow } from '../pkce.ts';
import { redirectFor } from '../redirect.ts';
import type { AuthQueries } from '../store/index.ts';
import { mergeMetadata, userJson } from '../user-json.ts';
import { validateEmail, validatePhone } from '../validate.ts';

const INVALID_NONCE = 'Nonce has expired or is invalid';

const UserUpdateBody = z.object({
  email: text,
  phone: text,
  password: optionalText,
  nonce: text,
  data: object,
  app_metadata: object,
  code_challenge: text,
  code_challenge_method: text,
  channel: text,
});

/** Checks and consumes the reauthentication nonce sent by GET /reauthenticate. */
async function consumeNonce(deps: AuthDeps, q: AuthQueries, userId: string, nonce: string) {
  const found = await q.findReauthentication(
    userId,
    deps.config.auth.email.otpExpiry,
    SMS_OTP_EXPIRY_SECONDS,
  );
  if (!found.hash || !found.valid) throw authError('reauthentication_not_valid', INVALID_NONCE);
  if (tokenHash(found.email || found.phone || '', nonce) !== found.hash)
    throw authError('reauthentication_not_valid', INVALID_NONCE);
  await q.clearReauthentication(userId);
}

export const updateUser = userEndpoint(
  { body: UserUpdateBody },
  async (request, p, { deps, ip, session }) => {
    const { config, store } = deps;
    const { user } = session;
    const email = p.email ? validateEmail(p.email) : '';
    const phone = p.phone ? validatePhone(p.phone) : '';
    if (p.password !== undefined) checkPasswordStrength(config, p.password);
    const pkce = checkPkceParams(p.code_challenge, p.code_challenge_method);
    if (p.app_metadata !== undefined)
      throw authError('not_admin', 'Updating app_metadata requires admin privileges');
    const changesEmail = email !== '' && email !== user.email;
    const changesPhone = phone !== '' && phone !== user.phone;
    if (user.is_anonymous && p.password && !email && !phone)
      throw authError(
        'validation_failed',
        'Updating password of an anonymous user without an email or phone is not allowed',
        422,
      );
    if (changesEmail) {
      const other = await store.findUserByEmail(email);
      if (other && other.id !== user.id)
        throw authError(
          'email_exists',
          'A user with this email address has already been registered',
        );
    }
    if (changesPhone && (await store.findUserByPhone(phone)))
      throw authError('phone_exists', 'A user with this phone number has already been registered');
    const passwordHash = await newPasswordHash(config.auth.email.securePasswordChange, p, session);
    const redirectTo = redirectFor(request, config);
    await store.transaction(async (q) => {
      await q.recordAudit(
        user,
        passwordHash !== undefined ? 'user_updated_password' : 'user_modified',
        ip,
      );
      if (passwordHash !== undefined) {
        if (p.nonce && config.auth.email.securePasswordChange)
          await consumeNonce(deps, q, user.id, p.nonce);
        await q.changePassword(user.id, passwordHash);
        await q.deleteUserSessions(user.id, session.sessionId);
      }
      if (p.data !== undefined)
        await q.setUserMetadata(user.id, mergeMetadata(user.raw_user_meta_data, p.data));
      if (changesEmail && user.is_anonymous && !config.auth.email.enableConfirmations) {
        await q.setPendingAddress(user.id, 'email', email);
        await q.completeEmailChange(user.id);
      } else if (changesEmail) {
        await startFlow(q, p, user.id, 'email_change');
        const fresh = (await q.findUserById(user.id))!;
        await sendEmailChange(deps, q, fresh, email, { ip, redirectTo, pkce });
      }
      if (changesPhone && !config.auth.sms.enableConfirmations) {
        await q.setPendingAddress(user.id, 'phone', phone);
        await q.completePhoneChange(user.id);
      } else if (changesPhone)
        await sendSmsCode(deps, q, (await q.findUserById(user.id))!, phone, 'phone_change', ip);
    });
    await notifyChanges(deps, user, ip, passwordHash !== undefined);
    return Response.json(userJson((await store.findUserRecord(user.id))!));
  },
);

/**
 * The hash of the new password, when there is one: under secure_password_change a session older
 * than a day must bring the reauthentication nonce, and the new password must differ.
 */
async function newPasswordHash(
  securePasswordChange: boolean,
  p: { password?: string; nonce: string },
  session: UserSession,
): Promise<string | undefined> {
  if (p.password === undefined) return undefined;
  if (securePasswordChange && session.olderThanADay && !p.nonce)
    throw authError('reauthentication_needed', 'Password update requires reauthentication');
  if (p.password && (await verifyPassword(p.password, session.user.encrypted_password)))
    throw authError('same_password', 'New password should be different from the old password.');
  return hashPassword(p.password);
}
