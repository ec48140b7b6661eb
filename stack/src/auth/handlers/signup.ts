// POST /signup: email or phone plus password, `data` into user metadata, PKCE, confirmations
// from `[auth.email]` / `[auth.sms]`; without email and phone, an anonymous sign-in (when
// `enable_anonymous_sign_ins` is on). An existing confirmed account is not revealed when
// confirmations are on (an obfuscated user comes back), as Supabase Auth does. An invited address
// not yet confirmed gets its confirmation code; its password is not taken (the invitation is
// accepted, with a password nobody knows, when the code is used).
import { randomUUID } from 'node:crypto';
import { endpoint, type AuthDeps } from '../endpoint.ts';
import { authError } from '../errors.ts';
import { beforeUserCreated } from '../hooks/points.ts';
import { sendSmsCode, sendUserEmail } from '../messages.ts';
import { object, text } from '../params.ts';
import { checkPasswordStrength, hashPassword } from '../password.ts';
import { checkPkceParams, startFlow } from '../pkce.ts';
import { redirectFor } from '../redirect.ts';
import type { UserRow } from '../store/rows.ts';
import { issueSession } from '../tokens.ts';
import { userJson } from '../user-json.ts';
import { validateEmail, validatePhone } from '../validate.ts';
import { z } from 'zod';

const SignupBody = z.object({
  email: text,
  phone: text,
  password: text,
  data: object,
  code_challenge: text,
  code_challenge_method: text,
  channel: text,
});

type SignupParams = z.output<typeof SignupBody>;

/** Anonymous sign-ins (no email, no phone) count against their own limit, as in Supabase Auth. */
export const signupBucket = (p: SignupParams) =>
  p.email || p.phone ? 'signInSignUps' : 'anonymousUsers';

export const signup = endpoint({ body: SignupBody }, async (request, p, { deps, ip }) => {
  const { config } = deps;
  const data = p.data ?? {};
  const meta = { userAgent: request.headers.get('user-agent'), ip };
  if (!p.email && !p.phone) return signupAnonymously(deps, data, meta);
  if (!config.auth.enableSignup)
    throw authError('signup_disabled', 'Signups not allowed for this instance');
  if (!p.password) throw authError('validation_failed', 'Signup requires a valid password');
  checkPasswordStrength(config, p.password);
  if (p.email && p.phone)
    throw authError(
      'validation_failed',
      'Only an email address or phone number should be provided on signup.',
    );
  if (p.phone && p.code_challenge)
    throw authError('validation_failed', 'PKCE not supported for phone signups');
  const pkce = checkPkceParams(p.code_challenge, p.code_challenge_method);
  const provider = p.email ? 'email' : 'phone';
  let email = '';
  let phone = '';
  if (provider === 'email') {
    if (!config.auth.email.enableSignup)
      throw authError('email_provider_disabled', 'Email signups are disabled', 400);
    email = validateEmail(p.email);
  } else {
    if (!config.auth.sms.enableSignup)
      throw authError('phone_provider_disabled', 'Phone signups are disabled', 400);
    phone = validatePhone(p.phone);
  }
  const autoconfirm =
    provider === 'email'
      ? !config.auth.email.enableConfirmations
      : !config.auth.sms.enableConfirmations;
  const redirectTo = redirectFor(request, config);
  const passwordHash = await hashPassword(p.password);
  // The before-user-created hook sees the user to be made (outside the transaction, as in
  // Supabase Auth) and may refuse it.
  const newId = randomUUID();
  const known = email
    ? await deps.store.findUserByEmail(email)
    : await deps.store.findUserByPhone(phone);
  if (!known)
    await beforeUserCreated(deps, { id: newId, email, phone, provider, userMetadata: data }, ip);

  const outcome = await deps.store.transaction(async (q) => {
    let user = email ? await q.findUserByEmail(email) : await q.findUserByPhone(phone);
    if (user) {
      const confirmed = provider === 'email' ? user.email_confirmed_at : user.phone_confirmed_at;
      if (confirmed) return { exists: user };
    } else {
      const id = await q.insertUser({
        id: newId,
        provider,
        email: email || undefined,
        phone: phone || undefined,
        passwordHash,
        userMetadata: data,
        identityData: data,
      });
      // The identity's claims are merged into user_metadata, as Supabase Auth does.
      await q.mergeIdentityIntoMetadata(id);
      user = (await q.findUserById(id))!;
    }
    await q.recordAudit(user, autoconfirm ? 'user_signedup' : 'user_confirmation_requested', ip, {
      provider,
    });
    if (autoconfirm) {
      await q.confirmAtSignup(user.id, provider);
      return { session: await issueSession(deps, q, user.id, 'password', meta) };
    }
    if (provider === 'email') {
      await startFlow(q, p, user.id, 'email/signup');
      await sendUserEmail(deps, q, user, 'confirmation', { ip, redirectTo, pkce });
    } else await sendSmsCode(deps, q, user, phone, 'confirmation', ip);
    const json = userJson((await q.findUserRecord(user.id))!);
    // Someone signing up with an invited address is sent the code, but is not shown what the
    // invitation holds: no metadata, no identities (as Supabase Auth answers).
    if (user.invited_at) return { user: { ...json, user_metadata: {}, identities: [] } };
    return { user: json };
  });

  if ('session' in outcome) return Response.json(outcome.session);
  if ('user' in outcome) return Response.json(outcome.user);
  if (autoconfirm) throw authError('user_already_exists', 'User already registered');
  return Response.json(obfuscatedUser(outcome.exists, provider, data));
});

async function signupAnonymously(
  deps: AuthDeps,
  data: Record<string, unknown>,
  meta: { userAgent: string | null; ip: string },
): Promise<Response> {
  if (!deps.config.auth.enableAnonymousSignIns)
    throw authError('anonymous_provider_disabled', 'Anonymous sign-ins are disabled');
  if (!deps.config.auth.enableSignup)
    throw authError('signup_disabled', 'Signups not allowed for this instance');
  const id = randomUUID();
  await beforeUserCreated(deps, { id, userMetadata: data, isAnonymous: true }, meta.ip);
  const session = await deps.store.transaction(async (q) => {
    await q.insertUser({
      id,
      provider: 'email',
      appMetadata: {},
      userMetadata: data,
      isAnonymous: true,
    });
    return issueSession(deps, q, id, 'anonymous', meta);
  });
  return Response.json(session);
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
