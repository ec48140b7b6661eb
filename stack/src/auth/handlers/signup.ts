// POST /signup: email or phone plus password, `data` into user metadata, PKCE, confirmations
// from `[auth.email]` / `[auth.sms]`. An existing confirmed account is not revealed when
// confirmations are on (an obfuscated user comes back), as Supabase Auth does.
import { audit } from '../audit.ts';
import { randomUUID } from 'node:crypto';
import type { Context } from 'hono';
import type { AuthDeps } from '../deps.ts';
import { authError } from '../errors.ts';
import { clientIp, obj, readBody, str } from '../http.ts';
import { sendSmsCode, sendUserEmail } from '../messages.ts';
import { checkPasswordStrength, hashPassword } from '../password.ts';
import { checkPkceParams, createFlowState } from '../pkce.ts';
import { redirectFor } from '../redirect.ts';
import { issueSession } from '../tokens.ts';
import { signupAnonymously } from './anonymous.ts';
import {
  findUserByEmail,
  findUserById,
  findUserByPhone,
  identitiesOf,
  insertUser,
  userJson,
  type UserRow,
} from '../users.ts';
import { validateEmail, validatePhone } from '../validate.ts';

export async function signup(deps: AuthDeps, c: Context): Promise<Response> {
  const { config } = deps.ctx;
  const body = await readBody(c);
  let email = str(body, 'email');
  let phone = str(body, 'phone');
  const password = str(body, 'password');
  const data = obj(body, 'data') ?? {};
  if (!email && !phone) return signupAnonymously(deps, c, data);
  deps.limiter.take('signInSignUps', clientIp(c));
  if (!config.auth.enableSignup)
    throw authError('signup_disabled', 'Signups not allowed for this instance');
  const challenge = str(body, 'code_challenge');
  const challengeMethod = str(body, 'code_challenge_method');
  str(body, 'channel');
  if (!password) throw authError('validation_failed', 'Signup requires a valid password');
  checkPasswordStrength(config, password);
  if (email && phone)
    throw authError(
      'validation_failed',
      'Only an email address or phone number should be provided on signup.',
    );
  if (phone && challenge)
    throw authError('validation_failed', 'PKCE not supported for phone signups');
  const pkce = checkPkceParams(challenge, challengeMethod);
  const ip = clientIp(c);
  const provider = email ? 'email' : 'phone';
  if (provider === 'email') {
    if (!config.auth.email.enableSignup)
      throw authError('email_provider_disabled', 'Email signups are disabled', 400);
    email = validateEmail(email);
  } else {
    if (!config.auth.sms.enableSignup)
      throw authError('phone_provider_disabled', 'Phone signups are disabled', 400);
    phone = validatePhone(phone);
  }
  const autoconfirm =
    provider === 'email'
      ? !config.auth.email.enableConfirmations
      : !config.auth.sms.enableConfirmations;
  const redirectTo = redirectFor(c, config);
  const passwordHash = await hashPassword(password);
  const meta = { userAgent: c.req.header('user-agent'), ip };

  const outcome = await deps.ctx.db.transaction(async (tx) => {
    let user: UserRow | undefined =
      provider === 'email' ? await findUserByEmail(tx, email) : await findUserByPhone(tx, phone);
    if (user) {
      const confirmed =
        provider === 'email' ? !!user.email_confirmed_at : !!user.phone_confirmed_at;
      if (confirmed) return { exists: user };
    } else {
      const id = await insertUser(tx, {
        provider,
        email: provider === 'email' ? email : undefined,
        phone: provider === 'phone' ? phone : undefined,
        passwordHash,
        userMetadata: data,
      });
      // The identity's claims are merged into user_metadata, as Supabase Auth does.
      await tx.query(
        `update auth.users u set raw_user_meta_data = u.raw_user_meta_data || i.identity_data
         from auth.identities i where i.user_id = u.id and u.id = $1`,
        [id],
      );
      user = (await findUserById(tx, id))!;
    }
    await audit(tx, user, autoconfirm ? 'user_signedup' : 'user_confirmation_requested', ip, {
      provider,
    });
    if (autoconfirm) {
      const column = provider === 'email' ? 'email_confirmed_at' : 'phone_confirmed_at';
      await tx.query(
        `update auth.users set ${column} = now(), confirmation_token = '',
           raw_user_meta_data = raw_user_meta_data || jsonb_build_object($2::text, true), updated_at = now()
         where id = $1`,
        [user.id, provider === 'email' ? 'email_verified' : 'phone_verified'],
      );
      return { session: await issueSession(deps, tx, user.id, 'password', meta) };
    }
    if (provider === 'email') {
      if (pkce) await createFlowState(tx, user.id, challenge, challengeMethod, 'email/signup');
      await sendUserEmail(deps, tx, user, 'confirmation', { ip, redirectTo, pkce });
    } else await sendSmsCode(deps, tx, user, phone, 'confirmation', ip);
    const fresh = (await findUserById(tx, user.id))!;
    return { user: userJson(fresh, await identitiesOf(tx, user.id)) };
  });

  if ('session' in outcome) return c.json(outcome.session);
  if ('user' in outcome) return c.json(outcome.user);
  if (autoconfirm) throw authError('user_already_exists', 'User already registered');
  return c.json(obfuscatedUser(outcome.exists!, provider, data));
}

/** A made-up user shaped like a fresh sign-up, so the response does not reveal the account. */
function obfuscatedUser(
  user: UserRow,
  provider: 'email' | 'phone',
  data: Record<string, unknown>,
): Record<string, unknown> {
  const now = new Date().toISOString();
  return {
    id: randomUUID(),
    aud: user.aud ?? 'authenticated',
    role: '',
    email: provider === 'email' ? (user.email ?? '') : '',
    phone: provider === 'phone' ? (user.phone ?? '') : '',
    confirmation_sent_at: now,
    app_metadata: { provider, providers: [provider] },
    user_metadata: data,
    identities: [],
    created_at: now,
    updated_at: now,
    is_anonymous: false,
  };
}
