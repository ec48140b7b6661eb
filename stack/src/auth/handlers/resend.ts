// POST /resend: sends the signup confirmation, email change, SMS or phone change code again.
// Unknown addresses and nothing-to-resend answer `{}` alike.
import type { Context } from 'hono';
import type { AuthDeps } from '../deps.ts';
import { authError } from '../errors.ts';
import { clientIp, readBody, str } from '../http.ts';
import { sendEmailChange, sendSmsCode, sendUserEmail } from '../messages.ts';
import { checkPkceParams, createFlowState } from '../pkce.ts';
import { redirectFor } from '../redirect.ts';
import { findUserByEmail, findUserByPhone } from '../users.ts';
import { validateEmail, validatePhone } from '../validate.ts';

export async function resend(deps: AuthDeps, c: Context): Promise<Response> {
  const { config } = deps.ctx;
  deps.limiter.take('signInSignUps', clientIp(c));
  const body = await readBody(c);
  const type = str(body, 'type');
  let email = str(body, 'email');
  let phone = str(body, 'phone');
  const challenge = str(body, 'code_challenge');
  const challengeMethod = str(body, 'code_challenge_method');
  let pkce = false;
  if (type === 'signup' || type === 'email_change')
    pkce = checkPkceParams(challenge, challengeMethod);
  else if (type !== 'sms' && type !== 'phone_change')
    throw authError(
      'validation_failed',
      'Missing one of these types: signup, email_change, sms, phone_change',
    );
  if (!email && type === 'signup')
    throw authError('validation_failed', 'Type provided requires an email address');
  if (!phone && type === 'sms')
    throw authError('validation_failed', 'Type provided requires a phone number');
  if (email && phone)
    throw authError(
      'validation_failed',
      'Only an email address or phone number should be provided.',
    );
  if (email) {
    if (!config.auth.email.enableSignup)
      throw authError('email_provider_disabled', 'Email logins are disabled', 400);
    email = validateEmail(email);
  } else if (phone) {
    if (!config.auth.sms.enableSignup)
      throw authError('phone_provider_disabled', 'Phone logins are disabled', 400);
    phone = validatePhone(phone);
  } else throw authError('validation_failed', 'Missing email address or phone number');
  const user = email
    ? await findUserByEmail(deps.ctx.db, email)
    : await findUserByPhone(deps.ctx.db, phone);
  if (!user) return c.json({});
  if (type === 'signup' && user.email_confirmed_at) return c.json({});
  if (type === 'sms' && user.phone_confirmed_at) return c.json({});
  if (type === 'email_change' && !user.email_change) return c.json({});
  if (type === 'phone_change' && !user.phone_change) return c.json({});
  const ip = clientIp(c);
  const redirectTo = redirectFor(c, config);
  await deps.ctx.db.transaction(async (tx) => {
    if (type === 'signup') {
      if (pkce) await createFlowState(tx, user.id, challenge, challengeMethod, 'email/signup');
      await sendUserEmail(deps, tx, user, 'confirmation', { ip, redirectTo, pkce });
    } else if (type === 'email_change') {
      if (pkce) await createFlowState(tx, user.id, challenge, challengeMethod, 'email_change');
      await sendEmailChange(deps, tx, user, user.email_change!, { ip, redirectTo, pkce });
    } else if (type === 'sms') await sendSmsCode(deps, tx, user, phone, 'confirmation', ip);
    else await sendSmsCode(deps, tx, user, user.phone_change!, 'phone_change', ip);
  });
  return c.json({});
}
