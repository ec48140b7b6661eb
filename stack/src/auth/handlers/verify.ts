// POST /verify and GET /verify: one-time codes and email links for every type (signup, invite,
// magiclink, recovery, email, email_change, sms, phone_change). POST answers with a session;
// GET redirects to the allowed redirect URL with the tokens in the fragment, a PKCE `code`, or
// the error in the fragment, as Supabase Auth does.
import { z } from 'zod';
import { endpoint, refusal } from '../endpoint.ts';
import { AuthError, authError } from '../errors.ts';
import { notifyChanges } from '../notifications.ts';
import { tokenHash } from '../otp.ts';
import { param, text } from '../params.ts';
import { authCodeFor } from '../pkce.ts';
import { redirectFor } from '../redirect.ts';
import { issueSession, type TokenResponse } from '../tokens.ts';
import { validateEmail, validatePhone } from '../validate.ts';
import {
  EMAIL_TYPES,
  SINGLE_CONFIRMATION,
  TOKEN_INVALID,
  applyVerification,
  byCode,
  byTokenHash,
  type Found,
} from '../verification.ts';

const VerifyBody = z.object({
  type: text,
  token: text,
  token_hash: text,
  email: text,
  phone: text,
  redirect_to: text,
});

export const verifyCode = endpoint({ body: VerifyBody }, async (request, p, { deps, ip }) => {
  const { type, token } = p;
  let { email, phone } = p;
  if (!type) throw authError('validation_failed', 'Verify requires a verification type');
  if ((token === '') === (p.token_hash === ''))
    throw authError('validation_failed', 'Verify requires either a token or a token hash');
  if (token) {
    if (phone && !email) phone = validatePhone(phone);
    else if (email && !phone) {
      try {
        email = validateEmail(email);
      } catch {
        throw authError('validation_failed', 'Invalid email format', 422);
      }
    } else
      throw authError(
        'validation_failed',
        'Only an email address or phone number should be provided on verify',
      );
  } else if (email || phone || p.redirect_to)
    throw authError('validation_failed', 'Only the token_hash and type should be provided');
  if (![...EMAIL_TYPES, 'sms', 'phone_change'].includes(type))
    throw authError('validation_failed', 'Unsupported verification type');
  if (token && (type === 'sms' || type === 'phone_change') !== !!phone)
    throw authError('otp_expired', TOKEN_INVALID);
  let before: Found['user'] | undefined;
  const result = await deps.store.transaction(async (q) => {
    const found = p.token_hash
      ? await byTokenHash(deps, q, type, p.token_hash)
      : await byCode(deps, q, type, phone || email, token);
    before = found.user;
    const hash = p.token_hash || tokenHash(phone || email, token);
    if (!(await applyVerification(deps, q, found, hash))) return undefined;
    return issueSession(deps, q, found.user.id, 'otp', {
      userAgent: request.headers.get('user-agent'),
      ip,
    });
  });
  if (before) await notifyChanges(deps, before, ip);
  return Response.json(result ?? { msg: SINGLE_CONFIRMATION, code: '200' });
});

const LINK_TYPES = ['signup', 'invite', 'recovery', 'magiclink', 'email_change'];

const OAUTH_ERRORS: Record<number, string> = {
  400: 'invalid_request',
  401: 'unauthorized_client',
  403: 'access_denied',
  500: 'server_error',
  503: 'temporarily_unavailable',
};

const redirect = (url: string) => new Response(null, { status: 303, headers: { location: url } });

export const verifyLink = endpoint(
  { query: z.object({ token: param, type: param }) },
  async (request, { token, type }, { deps, ip }) => {
    const redirectTo = redirectFor(request, deps.config);
    if (!type) throw authError('validation_failed', 'Verify requires a verification type');
    if (!token) throw authError('validation_failed', 'Verify requires a token or a token hash');
    const pkce = token.startsWith('pkce_');
    let outcome: { session?: TokenResponse; code?: string; single?: boolean };
    let before: Found['user'] | undefined;
    try {
      outcome = await deps.store.transaction(async (q) => {
        if (!LINK_TYPES.includes(type))
          throw authError('validation_failed', 'Unsupported verification type');
        const found = await byTokenHash(deps, q, type, token);
        before = found.user;
        if (!(await applyVerification(deps, q, found, token))) return { single: true };
        if (pkce)
          return {
            code: await authCodeFor(q, found.user.id, type === 'signup' ? 'email/signup' : type),
          };
        const session = await issueSession(deps, q, found.user.id, 'otp', {
          userAgent: request.headers.get('user-agent'),
          ip,
        });
        return { session };
      });
    } catch (error) {
      if (!(error instanceof AuthError)) throw error;
      return refusal(redirect(errorRedirect(redirectTo, error, pkce)));
    }
    if (before) await notifyChanges(deps, before, ip);
    const url = new URL(redirectTo);
    if (outcome.single) {
      if (pkce) url.searchParams.set('message', SINGLE_CONFIRMATION);
      url.hash = new URLSearchParams({ message: SINGLE_CONFIRMATION, sb: '' }).toString();
    } else if (outcome.code) url.searchParams.set('code', outcome.code);
    else if (outcome.session) {
      const s = outcome.session;
      url.hash = new URLSearchParams({
        access_token: s.access_token,
        expires_at: String(s.expires_at),
        expires_in: String(s.expires_in),
        refresh_token: s.refresh_token,
        token_type: s.token_type,
        type,
      }).toString();
    }
    return redirect(url.toString());
  },
);

function errorRedirect(redirectTo: string, error: AuthError, pkce: boolean): string {
  const url = new URL(redirectTo);
  const fragment = new URLSearchParams();
  const oauth = OAUTH_ERRORS[error.status];
  if (oauth) fragment.set('error', oauth);
  fragment.set('error_code', error.errorCode);
  fragment.set('error_description', error.message);
  if (pkce) for (const [k, v] of fragment) url.searchParams.set(k, v);
  fragment.set('sb', '');
  url.hash = fragment.toString();
  return url.toString();
}
