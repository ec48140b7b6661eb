// POST /resend: sends the signup confirmation, email change, SMS or phone change code again.
// Unknown addresses and nothing-to-resend answer `{}` alike.
import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { authError } from '../errors.ts';
import { sendEmailChange, sendSmsCode, sendUserEmail } from '../messages.ts';
import { text } from '../params.ts';
import { checkPkceParams, startFlow } from '../pkce.ts';
import { redirectFor } from '../redirect.ts';
import { validateEmail, validatePhone } from '../validate.ts';

const ResendBody = z.object({
  type: text,
  email: text,
  phone: text,
  code_challenge: text,
  code_challenge_method: text,
});

export const resend = endpoint({ body: ResendBody }, async (request, p, { deps, ip }) => {
  const { config } = deps;
  const { type } = p;
  let pkce = false;
  if (type === 'signup' || type === 'email_change')
    pkce = checkPkceParams(p.code_challenge, p.code_challenge_method);
  else if (type !== 'sms' && type !== 'phone_change')
    throw authError(
      'validation_failed',
      'Missing one of these types: signup, email_change, sms, phone_change',
    );
  if (!p.email && type === 'signup')
    throw authError('validation_failed', 'Type provided requires an email address');
  if (!p.phone && type === 'sms')
    throw authError('validation_failed', 'Type provided requires a phone number');
  if (p.email && p.phone)
    throw authError(
      'validation_failed',
      'Only an email address or phone number should be provided.',
    );
  let email = '';
  let phone = '';
  if (p.email) {
    if (!config.auth.email.enableSignup)
      throw authError('email_provider_disabled', 'Email logins are disabled', 400);
    email = validateEmail(p.email);
  } else if (p.phone) {
    if (!config.auth.sms.enableSignup)
      throw authError('phone_provider_disabled', 'Phone logins are disabled', 400);
    phone = validatePhone(p.phone);
  } else throw authError('validation_failed', 'Missing email address or phone number');
  const user = email
    ? await deps.store.findUserByEmail(email)
    : await deps.store.findUserByPhone(phone);
  const nothingToResend =
    !user ||
    (type === 'signup' && user.email_confirmed_at) ||
    (type === 'sms' && user.phone_confirmed_at) ||
    (type === 'email_change' && !user.email_change) ||
    (type === 'phone_change' && !user.phone_change);
  if (nothingToResend) return Response.json({});
  const redirectTo = redirectFor(request, config);
  await deps.store.transaction(async (q) => {
    if (type === 'signup') {
      await startFlow(q, p, user.id, 'email/signup');
      await sendUserEmail(deps, q, user, 'confirmation', { ip, redirectTo, pkce });
    } else if (type === 'email_change') {
      await startFlow(q, p, user.id, 'email_change');
      await sendEmailChange(deps, q, user, user.email_change!, { ip, redirectTo, pkce });
    } else if (type === 'sms') await sendSmsCode(deps, q, user, phone, 'confirmation', ip);
    else await sendSmsCode(deps, q, user, user.phone_change!, 'phone_change', ip);
  });
  return Response.json({});
});
