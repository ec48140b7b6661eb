// POST /token: grant_type=password (email or phone), refresh_token (rotation with reuse
// detection under `refresh_token_reuse_interval`) and pkce (auth code + verifier), answered with
// Supabase Auth's session JSON; id_token signs in with an enabled provider's ID token
// (external/id-token.ts); web3 is answered as with its providers off.
import { z } from 'zod';
import { endpoint, type AuthDeps } from '../endpoint.ts';
import { AuthError, OAuthError, authError } from '../errors.ts';
import { checked, text } from '../params.ts';
import { passwordVerificationAttempt } from '../hooks/points.ts';
import { checkPasswordStrength, verifyPassword } from '../password.ts';
import { exchangeAuthCode } from '../pkce.ts';
import { idTokenGrant } from '../external/id-token.ts';
import { IdTokenBody, refuseWeb3 } from './disabled.ts';
import { issueSession, tokenResponse, type TokenResponse } from '../tokens.ts';
import { validatePhone } from '../validate.ts';

const INVALID_LOGIN = 'Invalid login credentials';
const GRANTS = ['password', 'refresh_token', 'pkce', 'id_token', 'web3'] as const;
type Grant = (typeof GRANTS)[number];

const TokenQuery = z.object({
  grant_type: checked(
    (v) => GRANTS.find((g) => g === v),
    () => ['invalid_credentials', 'unsupported_grant_type'],
  ),
});

/** Each grant reads its own fields, as Supabase Auth decodes each into its own struct. */
const BODIES = {
  password: z.object({ email: text, phone: text, password: text }),
  refresh_token: z.object({ refresh_token: text }),
  pkce: z.object({ auth_code: text, code_verifier: text }),
  id_token: IdTokenBody,
  web3: z.object({}),
} satisfies Record<Grant, z.ZodObject>;

type TokenParams = { grant_type: Grant } & Partial<
  z.output<(typeof BODIES)['password']> &
    z.output<(typeof BODIES)['refresh_token']> &
    z.output<(typeof BODIES)['pkce']> &
    z.output<(typeof BODIES)['id_token']>
>;

export const token = endpoint(
  // grant_type was checked by TokenQuery before the body is read.
  { query: TokenQuery, body: (query) => BODIES[query.grant_type as Grant] },
  async (request, params, { deps, ip }) => {
    const p = params as TokenParams;
    const meta = { userAgent: request.headers.get('user-agent'), ip };
    switch (p.grant_type) {
      case 'password':
        return Response.json(await passwordGrant(deps, p, meta));
      case 'refresh_token':
        if (!p.refresh_token) throw new OAuthError('invalid_request', 'refresh_token required');
        return Response.json(await refreshGrant(deps, p.refresh_token, meta));
      case 'pkce': {
        const session = await deps.store.transaction(async (q) => {
          const flow = await exchangeAuthCode(q, p.auth_code!, p.code_verifier!);
          const issued = await issueSession(deps, q, flow.userId, flow.method, meta);
          // An OAuth sign-in hands over the provider's tokens too, as Supabase Auth does.
          return {
            ...issued,
            ...(flow.providerToken ? { provider_token: flow.providerToken } : {}),
            ...(flow.providerRefreshToken
              ? { provider_refresh_token: flow.providerRefreshToken }
              : {}),
          };
        });
        return Response.json(session);
      }
      case 'id_token':
        return Response.json(
          await idTokenGrant(deps, request, p as z.output<typeof IdTokenBody>, meta),
        );
      case 'web3':
        return refuseWeb3();
    }
  },
);

async function passwordGrant(
  deps: AuthDeps,
  p: TokenParams,
  meta: { userAgent: string | null; ip: string },
): Promise<TokenResponse> {
  const { config } = deps;
  const email = p.email ?? '';
  const phone = p.phone ?? '';
  const password = p.password ?? '';
  if (email && phone)
    throw authError(
      'validation_failed',
      'Only an email address or phone number should be provided on login.',
    );
  let user;
  if (email) {
    if (!config.auth.email.enableSignup)
      throw authError('email_provider_disabled', 'Email logins are disabled');
    user = await deps.store.findUserByEmail(email.trim());
  } else if (phone) {
    if (!config.auth.sms.enableSignup)
      throw authError('phone_provider_disabled', 'Phone logins are disabled');
    let normalised = '';
    try {
      normalised = validatePhone(phone);
    } catch {
      normalised = '';
    }
    user = normalised ? await deps.store.findUserByPhone(normalised) : undefined;
  } else throw authError('validation_failed', 'missing email or phone');
  if (user?.banned) throw authError('user_banned', 'User is banned');
  // Checked against a dummy hash when there is no such user: an unknown account costs the same.
  const valid = await verifyPassword(password, user?.encrypted_password);
  if (user?.encrypted_password) {
    const verdict = await passwordVerificationAttempt(deps, { userId: user.id, valid }, meta.ip);
    if (verdict.reject) {
      if (verdict.shouldLogoutUser) await deps.store.deleteUserSessions(user.id);
      throw authError('invalid_credentials', verdict.message);
    }
  }
  if (!valid || !user) throw authError('invalid_credentials', INVALID_LOGIN);
  if (email && !user.email_confirmed_at)
    throw authError('email_not_confirmed', 'Email not confirmed');
  if (phone && !user.phone_confirmed_at)
    throw authError('phone_not_confirmed', 'Phone not confirmed');
  const session = await deps.store.transaction((q) =>
    issueSession(deps, q, user.id, 'password', meta),
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

/**
 * grant_type=refresh_token: rotates the token. A revoked token whose child is the session's
 * current one answers with that child (a retry); outside the reuse interval a revoked token is
 * taken as stolen and ends the session, as Supabase Auth does. The session records when it was
 * refreshed and from which user agent and address, as Supabase Auth's does.
 */
async function refreshGrant(
  deps: AuthDeps,
  refreshToken: string,
  meta: { userAgent: string | null; ip: string },
): Promise<TokenResponse> {
  const { auth } = deps.config;
  // The session is deleted (committed) even though the answer is an error.
  let failure: AuthError | undefined;
  const result = await deps.store.transaction(async (q) => {
    const row = await q.lockRefreshToken(refreshToken, auth.refreshTokenReuseInterval);
    if (!row)
      throw authError('refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
    const user = await q.findUserById(row.user_id);
    if (!user)
      throw authError('refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
    if (user.banned) throw authError('user_banned', 'Invalid Refresh Token: User Banned');
    const session = row.session_id ? await q.lockSession(row.session_id, auth.sessions) : undefined;
    if (!session) {
      await q.deleteRefreshToken(row.id);
      throw authError('session_not_found', 'Invalid Refresh Token: No Valid Session Found');
    }
    if (session.expired)
      throw authError('session_expired', 'Invalid Refresh Token: Session Expired');
    let issued: string | undefined;
    if (row.revoked) {
      const active = await q.findActiveRefreshToken(session.id);
      if (active && active.parent === row.token) issued = active.token;
      else if (row.reuse_expired) {
        if (auth.enableRefreshTokenRotation) await q.deleteSession(session.id);
        failure = authError('refresh_token_already_used', 'Invalid Refresh Token: Already Used');
        return undefined;
      }
    }
    issued ??= await q.rotateRefreshToken(row);
    await q.markSessionRefreshed(session.id, meta);
    await q.recordAudit(user, 'token_refreshed');
    return tokenResponse(deps, q, user.id, session.id, issued, {
      ip: meta.ip,
      method: 'token_refresh',
    });
  });
  if (failure) throw failure;
  return result!;
}
