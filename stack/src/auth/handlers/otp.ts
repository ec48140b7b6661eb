// POST /otp: passwordless sign-in by email (magic link and code) or SMS code. An unknown or
// unconfirmed address goes through sign-up (unless create_user is false → otp_disabled).
import type { Context } from 'hono';
import type { Queryable } from '../../db/adapter.ts';
import { confirmEmail, confirmPhone } from '../confirm.ts';
import type { AuthDeps } from '../deps.ts';
import { authError } from '../errors.ts';
import { bool, clientIp, obj, readBody, str } from '../http.ts';
import { sendSmsCode, sendUserEmail } from '../messages.ts';
import { checkPkceParams, createFlowState } from '../pkce.ts';
import { redirectFor } from '../redirect.ts';
import {
  findUserByEmail,
  findUserById,
  findUserByPhone,
  insertUser,
  type UserRow,
} from '../users.ts';
import { validateEmail, validatePhone } from '../validate.ts';

async function mergeIdentityIntoMetadata(tx: Queryable, id: string): Promise<void> {
  await tx.query(
    `update auth.users u set raw_user_meta_data = u.raw_user_meta_data || i.identity_data
     from auth.identities i where i.user_id = u.id and u.id = $1`,
    [id],
  );
}

export async function otp(deps: AuthDeps, c: Context): Promise<Response> {
  const { config } = deps.ctx;
  deps.limiter.take('signInSignUps', clientIp(c));
  const body = await readBody(c);
  let email = str(body, 'email');
  let phone = str(body, 'phone');
  const createUser = bool(body, 'create_user') ?? true;
  const data = obj(body, 'data') ?? {};
  const channel = str(body, 'channel');
  const challenge = str(body, 'code_challenge');
  const challengeMethod = str(body, 'code_challenge_method');
  if (email && phone)
    throw authError(
      'validation_failed',
      'Only an email address or phone number should be provided',
    );
  if (email && channel)
    throw authError('validation_failed', 'Channel should only be specified with Phone OTP');
  const pkce = checkPkceParams(challenge, challengeMethod);
  if (!email && !phone) throw authError('validation_failed', 'One of email or phone must be set');
  if (email) email = validateEmail(email);
  else phone = validatePhone(phone);
  const ip = clientIp(c);
  const existing = email
    ? await findUserByEmail(deps.ctx.db, email)
    : await findUserByPhone(deps.ctx.db, phone);
  if (!createUser && !existing) throw authError('otp_disabled', 'Signups not allowed for otp');
  const redirectTo = redirectFor(c, config);

  if (email) {
    if (!config.auth.email.enableSignup)
      throw authError('email_provider_disabled', 'Email logins are disabled');
    await deps.ctx.db.transaction(async (tx) => {
      let user: UserRow | undefined = existing;
      if (!user || !user.email_confirmed_at) {
        if (!config.auth.enableSignup)
          throw authError('signup_disabled', 'Signups not allowed for this instance');
        if (!user) {
          const id = await insertUser(tx, { provider: 'email', email, userMetadata: data });
          await mergeIdentityIntoMetadata(tx, id);
          user = (await findUserById(tx, id))!;
        }
        if (config.auth.email.enableConfirmations) {
          if (pkce) await createFlowState(tx, user.id, challenge, challengeMethod, 'email/signup');
          await sendUserEmail(deps, tx, user, 'confirmation', { ip, redirectTo, pkce });
          return;
        }
        await confirmEmail(tx, user.id);
        user = (await findUserById(tx, user.id))!;
      }
      if (pkce) await createFlowState(tx, user.id, challenge, challengeMethod, 'magiclink');
      await sendUserEmail(deps, tx, user, 'magic_link', { ip, redirectTo, pkce });
    });
    return c.json({});
  }

  if (!config.auth.sms.enableSignup)
    throw authError('phone_provider_disabled', 'Unsupported phone provider', 400);
  await deps.ctx.db.transaction(async (tx) => {
    let user: UserRow | undefined = existing;
    if (!user || !user.phone_confirmed_at) {
      if (!config.auth.enableSignup)
        throw authError('signup_disabled', 'Signups not allowed for this instance');
      if (!user) {
        const id = await insertUser(tx, { provider: 'phone', phone, userMetadata: data });
        await mergeIdentityIntoMetadata(tx, id);
        user = (await findUserById(tx, id))!;
      }
      if (!config.auth.sms.enableConfirmations) {
        await confirmPhone(tx, user.id);
        user = (await findUserById(tx, user.id))!;
      }
    }
    await sendSmsCode(deps, tx, user, phone, 'confirmation', ip);
  });
  return c.json({});
}
