// POST /otp and POST /magiclink: passwordless sign-in by email (magic link and code) or SMS
// code. An unknown or unconfirmed address goes through sign-up (unless create_user is false →
// otp_disabled).
import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { randomUUID } from 'node:crypto';
import type { AuthDeps } from '../endpoint.ts';
import { authError } from '../errors.ts';
import { beforeUserCreated } from '../hooks/points.ts';
import { sendSmsCode, sendUserEmail } from '../messages.ts';
import { flag, object, text } from '../params.ts';
import { checkPkceParams, startFlow } from '../pkce.ts';
import { redirectFor } from '../redirect.ts';
import type { AuthQueries } from '../store/index.ts';
import type { UserRow } from '../store/rows.ts';
import { validateEmail, validatePhone } from '../validate.ts';

const OtpBody = z.object({
  email: text,
  phone: text,
  create_user: flag,
  data: object,
  channel: text,
  code_challenge: text,
  code_challenge_method: text,
});

/** Creates the user of a passwordless sign-up, its identity claims merged into its metadata. */
/**
 * The before-user-created hook for a passwordless sign-up, before its transaction (Supabase Auth
 * runs it as a sign-up); returns the id the user is made with.
 */
async function admitNewUser(
  deps: AuthDeps,
  address: { email: string } | { phone: string },
  data: Record<string, unknown>,
  ip: string,
): Promise<string> {
  const id = randomUUID();
  const provider = 'email' in address ? 'email' : 'phone';
  await beforeUserCreated(deps, { id, provider, ...address, userMetadata: data }, ip);
  return id;
}

async function createPasswordlessUser(
  q: AuthQueries,
  id: string,
  address: { email: string } | { phone: string },
  data: Record<string, unknown>,
): Promise<UserRow> {
  const provider = 'email' in address ? 'email' : 'phone';
  await q.insertUser({ id, provider, ...address, userMetadata: data, identityData: data });
  await q.mergeIdentityIntoMetadata(id);
  return (await q.findUserById(id))!;
}

export const otp = endpoint({ body: OtpBody }, async (request, p, { deps, ip }) => {
  const { config } = deps;
  if (p.email && p.phone)
    throw authError(
      'validation_failed',
      'Only an email address or phone number should be provided',
    );
  if (p.email && p.channel)
    throw authError('validation_failed', 'Channel should only be specified with Phone OTP');
  const pkce = checkPkceParams(p.code_challenge, p.code_challenge_method);
  if (!p.email && !p.phone)
    throw authError('validation_failed', 'One of email or phone must be set');
  const email = p.email ? validateEmail(p.email) : '';
  const phone = email ? '' : validatePhone(p.phone);
  const data = p.data ?? {};
  const existing = email
    ? await deps.store.findUserByEmail(email)
    : await deps.store.findUserByPhone(phone);
  if (p.create_user === false && !existing)
    throw authError('otp_disabled', 'Signups not allowed for otp');
  const redirectTo = redirectFor(request, config);
  const signupsAllowed = () => {
    if (!config.auth.enableSignup)
      throw authError('signup_disabled', 'Signups not allowed for this instance');
  };

  if (email) {
    if (!config.auth.email.enableSignup)
      throw authError('email_provider_disabled', 'Email logins are disabled');
    if (!existing) signupsAllowed();
    const newId = existing ? '' : await admitNewUser(deps, { email }, data, ip);
    await deps.store.transaction(async (q) => {
      let user = existing;
      if (!user || !user.email_confirmed_at) {
        signupsAllowed();
        user ??= await createPasswordlessUser(q, newId, { email }, data);
        if (config.auth.email.enableConfirmations) {
          await startFlow(q, p, user.id, 'email/signup');
          await sendUserEmail(deps, q, user, 'confirmation', { ip, redirectTo, pkce });
          return;
        }
        await q.confirmEmail(user.id);
        user = (await q.findUserById(user.id))!;
      }
      await startFlow(q, p, user.id, 'magiclink');
      await sendUserEmail(deps, q, user, 'magic_link', { ip, redirectTo, pkce });
    });
    return Response.json({});
  }

  if (!config.auth.sms.enableSignup)
    throw authError('phone_provider_disabled', 'Unsupported phone provider', 400);
  if (!existing) signupsAllowed();
  const newId = existing ? '' : await admitNewUser(deps, { phone }, data, ip);
  await deps.store.transaction(async (q) => {
    let user = existing;
    if (!user || !user.phone_confirmed_at) {
      signupsAllowed();
      user ??= await createPasswordlessUser(q, newId, { phone }, data);
      if (!config.auth.sms.enableConfirmations) {
        await q.confirmPhone(user.id);
        user = (await q.findUserById(user.id))!;
      }
    }
    await sendSmsCode(deps, q, user, phone, 'confirmation', ip);
  });
  return Response.json({});
});
