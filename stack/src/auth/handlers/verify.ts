// POST /verify and GET /verify: one-time codes and email links for every type (signup, invite,
// magiclink, recovery, email, email_change, sms, phone_change). POST answers with a session;
// GET redirects to the allowed redirect URL with the tokens in the fragment, a PKCE `code`, or
// the error in the fragment, as Supabase Auth does.
import type { Context } from 'hono';
import type { AuthDeps } from '../deps.ts';
import { AuthError, authError } from '../errors.ts';
import { clientIp, readBody, str } from '../http.ts';
import { notifyChanges } from '../notifications.ts';
import { tokenHash } from '../otp.ts';
import { issueAuthCode } from '../pkce.ts';
import { redirectFor } from '../redirect.ts';
import { issueSession, type TokenResponse } from '../tokens.ts';
import { validateEmail, validatePhone } from '../validate.ts';
import {
  EMAIL_TYPES,
  SINGLE_CONFIRMATION,
  TOKEN_INVALID,
  apply,
  byCode,
  byTokenHash,
  type Found,
} from '../verify-lookup.ts';

export async function verifyPost(deps: AuthDeps, c: Context): Promise<Response> {
  deps.limiter.take('tokenVerifications', clientIp(c));
  const body = await readBody(c);
  const type = str(body, 'type');
  const token = str(body, 'token');
  let hash = str(body, 'token_hash');
  let email = str(body, 'email');
  let phone = str(body, 'phone');
  const redirectTo = str(body, 'redirect_to');
  if (!type) throw authError('validation_failed', 'Verify requires a verification type');
  if ((token === '') === (hash === ''))
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
  } else if (email || phone || redirectTo)
    throw authError('validation_failed', 'Only the token_hash and type should be provided');
  if (![...EMAIL_TYPES, 'sms', 'phone_change'].includes(type))
    throw authError('validation_failed', 'Unsupported verification type');
  if (token && (type === 'sms' || type === 'phone_change') !== !!phone)
    throw authError('otp_expired', TOKEN_INVALID);
  let before: Found['user'] | undefined;
  const result = await deps.ctx.db.transaction(async (tx) => {
    const found = hash
      ? await byTokenHash(deps, tx, type, hash)
      : await byCode(deps, tx, type, phone || email, token);
    before = found.user;
    if (!hash) hash = tokenHash(phone || email, token);
    if (!(await apply(deps, tx, found, hash))) return undefined;
    return issueSession(deps, tx, found.user.id, 'otp', {
      userAgent: c.req.header('user-agent'),
      ip: clientIp(c),
    });
  });
  if (before) await notifyChanges(deps, before, clientIp(c));
  if (!result) return c.json({ msg: SINGLE_CONFIRMATION, code: '200' });
  return c.json(result);
}

const OAUTH_ERRORS: Record<number, string> = {
  400: 'invalid_request',
  401: 'unauthorized_client',
  403: 'access_denied',
  500: 'server_error',
  503: 'temporarily_unavailable',
};

export async function verifyGet(deps: AuthDeps, c: Context): Promise<Response> {
  deps.limiter.take('tokenVerifications', clientIp(c));
  const token = c.req.query('token') ?? '';
  const type = c.req.query('type') ?? '';
  const redirectTo = redirectFor(c, deps.ctx.config);
  if (!type) throw authError('validation_failed', 'Verify requires a verification type');
  if (!token) throw authError('validation_failed', 'Verify requires a token or a token hash');
  const pkce = token.startsWith('pkce_');
  let outcome: { session?: TokenResponse; code?: string; single?: boolean };
  let before: Found['user'] | undefined;
  try {
    outcome = await deps.ctx.db.transaction(async (tx) => {
      if (!['signup', 'invite', 'recovery', 'magiclink', 'email_change'].includes(type))
        throw authError('validation_failed', 'Unsupported verification type');
      const found = await byTokenHash(deps, tx, type, token);
      before = found.user;
      if (!(await apply(deps, tx, found, token))) return { single: true };
      if (pkce) {
        const method = type === 'signup' ? 'email/signup' : type;
        try {
          return { code: await issueAuthCode(tx, found.user.id, method) };
        } catch (error) {
          throw authError(
            'flow_state_not_found',
            `No associated flow state found. ${(error as Error).message}`,
            400,
          );
        }
      }
      const session = await issueSession(deps, tx, found.user.id, 'otp', {
        userAgent: c.req.header('user-agent'),
        ip: clientIp(c),
      });
      return { session };
    });
  } catch (error) {
    if (!(error instanceof AuthError)) throw error;
    return c.redirect(errorRedirect(redirectTo, error, pkce), 303);
  }
  if (before) await notifyChanges(deps, before, clientIp(c));
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
  return c.redirect(url.toString(), 303);
}

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
