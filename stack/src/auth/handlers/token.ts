// POST /token: grant_type=password (email or phone), refresh_token (rotation with reuse
// detection) and pkce (auth code + verifier), answered with Supabase Auth's session JSON.
import type { Context } from 'hono';
import type { AuthDeps } from '../deps.ts';
import { AuthError, OAuthError, authError } from '../errors.ts';
import { clientIp, readBody, str } from '../http.ts';
import { checkPasswordStrength, verifyPassword } from '../password.ts';
import { exchangeAuthCode } from '../pkce.ts';
import { issueSession, refreshGrant } from '../tokens.ts';
import { findUserByEmail, findUserByPhone } from '../users.ts';
import { validatePhone } from '../validate.ts';

const INVALID_LOGIN = 'Invalid login credentials';

export async function token(deps: AuthDeps, c: Context): Promise<Response> {
  const grant = c.req.query('grant_type') ?? '';
  if (!['password', 'refresh_token', 'pkce'].includes(grant))
    throw authError('invalid_credentials', 'unsupported_grant_type');
  // Every grant counts against `token_refresh`, as Supabase Auth limits the whole endpoint.
  deps.limiter.take('tokenRefresh', clientIp(c));
  switch (grant) {
    case 'password':
      return c.json(await passwordGrant(deps, c));
    case 'refresh_token': {
      const body = await readBody(c);
      const refreshToken = str(body, 'refresh_token');
      if (!refreshToken) throw new OAuthError('invalid_request', 'refresh_token required');
      return c.json(await refreshGrant(deps, refreshToken));
    }
    case 'pkce': {
      const body = await readBody(c);
      const code = str(body, 'auth_code');
      const verifier = str(body, 'code_verifier');
      const session = await deps.ctx.db.transaction(async (tx) => {
        const { userId, method } = await exchangeAuthCode(tx, code, verifier);
        return issueSession(deps, tx, userId, method, {
          userAgent: c.req.header('user-agent'),
          ip: clientIp(c),
        });
      });
      return c.json(session);
    }
    default:
      throw authError('invalid_credentials', 'unsupported_grant_type');
  }
}

async function passwordGrant(deps: AuthDeps, c: Context) {
  const { config } = deps.ctx;
  const body = await readBody(c);
  const email = str(body, 'email');
  const phone = str(body, 'phone');
  const password = str(body, 'password');
  const ip = clientIp(c);
  if (email && phone)
    throw authError(
      'validation_failed',
      'Only an email address or phone number should be provided on login.',
    );
  let user;
  if (email) {
    if (!config.auth.email.enableSignup)
      throw authError('email_provider_disabled', 'Email logins are disabled');
    user = await findUserByEmail(deps.ctx.db, email.trim());
  } else if (phone) {
    if (!config.auth.sms.enableSignup)
      throw authError('phone_provider_disabled', 'Phone logins are disabled');
    let normalised = '';
    try {
      normalised = validatePhone(phone);
    } catch {
      throw authError('invalid_credentials', INVALID_LOGIN);
    }
    user = await findUserByPhone(deps.ctx.db, normalised);
  } else throw authError('validation_failed', 'missing email or phone');
  if (!user) throw authError('invalid_credentials', INVALID_LOGIN);
  if (user.banned) throw authError('user_banned', 'User is banned');
  if (!(await verifyPassword(password, user.encrypted_password)))
    throw authError('invalid_credentials', INVALID_LOGIN);
  if (email && !user.email_confirmed_at)
    throw authError('email_not_confirmed', 'Email not confirmed');
  if (phone && !user.phone_confirmed_at)
    throw authError('phone_not_confirmed', 'Phone not confirmed');
  const session = await deps.ctx.db.transaction((tx) =>
    issueSession(deps, tx, user.id, 'password', { userAgent: c.req.header('user-agent'), ip }),
  );
  try {
    checkPasswordStrength(config, password);
  } catch (error) {
    if (error instanceof AuthError && error.errorCode === 'weak_password')
      return {
        ...session,
        weak_password: {
          reasons: (error.extra.weak_password as { reasons: string[] }).reasons,
          message: error.message,
        },
      };
  }
  return session;
}
