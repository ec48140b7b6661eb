// Access tokens and the session answer: signing a token with Supabase's claims (aal and amr from
// the session), starting a session at sign-in and re-issuing one after MFA raised it. The rows
// themselves are written by the store (sessions.ts, refresh-tokens.ts).
import { randomUUID } from 'node:crypto';
import type { AuthDeps } from './endpoint.ts';
import { customizeClaims } from './hooks/points.ts';
import type { AuthQueries } from './store/index.ts';
import { userJson } from './user-json.ts';

export interface TokenResponse {
  access_token: string;
  token_type: 'bearer';
  expires_in: number;
  expires_at: number;
  refresh_token: string;
  user: Record<string, unknown>;
  weak_password?: unknown;
}

/** Who asked for the token, and how they signed in (for the custom access token hook). */
export interface IssueContext {
  ip: string;
  /** Supabase Auth's authentication method: password, otp, token_refresh, totp, mfa/phone … */
  method: string;
}

/**
 * The session answer for a user's session and its current refresh token. The claims go through
 * the custom access token hook when it is on.
 */
export async function tokenResponse(
  deps: AuthDeps,
  q: AuthQueries,
  userId: string,
  sessionId: string,
  refreshToken: string,
  context: IssueContext,
): Promise<TokenResponse> {
  const record = (await q.findUserRecord(userId))!;
  const { user } = record;
  const { aal, amr } = await q.findSessionClaims(sessionId);
  const iat = Math.floor(Date.now() / 1000);
  const expiresIn = deps.config.auth.jwtExpiry;
  const claims = {
    iss: deps.issuer,
    sub: user.id,
    aud: user.aud ?? 'authenticated',
    exp: iat + expiresIn,
    iat,
    email: user.email ?? '',
    phone: user.phone ?? '',
    app_metadata: user.raw_app_meta_data ?? {},
    user_metadata: user.raw_user_meta_data ?? {},
    role: user.role || 'authenticated',
    aal,
    amr,
    session_id: sessionId,
    is_anonymous: user.is_anonymous,
  };
  const accessToken = await deps.keys.signAccessToken(
    await customizeClaims(deps, q, user.id, claims, context),
  );
  return {
    access_token: accessToken,
    token_type: 'bearer',
    expires_in: expiresIn,
    expires_at: iat + expiresIn,
    refresh_token: refreshToken,
    user: userJson(record),
  };
}

/** Starts a new aal1 session for the user signed in with `method` (password, otp, …). */
export async function issueSession(
  deps: AuthDeps,
  q: AuthQueries,
  userId: string,
  method: string,
  meta: { userAgent?: string | null; ip?: string; traits?: Record<string, unknown> } = {},
): Promise<TokenResponse> {
  const sessionId = randomUUID();
  await q.startSession({
    id: sessionId,
    userId,
    method,
    userAgent: meta.userAgent ?? undefined,
    ip: meta.ip,
  });
  const refresh = await q.insertRefreshToken(userId, sessionId);
  const response = await tokenResponse(deps, q, userId, sessionId, refresh, {
    ip: meta.ip ?? '127.0.0.1',
    method,
  });
  const user = response.user as { id: string; email: string; phone: string };
  await q.recordAudit(user, 'login', meta.ip, { provider: method, ...meta.traits });
  return response;
}
