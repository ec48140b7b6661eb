// Anonymous sign-in: POST /signup without email or phone creates an anonymous user and a
// session (amr "anonymous"), when `[auth] enable_anonymous_sign_ins` is on.
import type { Context } from 'hono';
import type { AuthDeps } from '../deps.ts';
import { authError } from '../errors.ts';
import { clientIp } from '../http.ts';
import { issueSession } from '../tokens.ts';
import { insertUser } from '../users.ts';

export async function signupAnonymously(
  deps: AuthDeps,
  c: Context,
  data: Record<string, unknown>,
): Promise<Response> {
  if (!deps.ctx.config.auth.enableAnonymousSignIns)
    throw authError('anonymous_provider_disabled', 'Anonymous sign-ins are disabled');
  const ip = clientIp(c);
  deps.limiter.take('anonymousUsers', ip);
  if (!deps.ctx.config.auth.enableSignup)
    throw authError('signup_disabled', 'Signups not allowed for this instance');
  const session = await deps.ctx.db.transaction(async (tx) => {
    const id = await insertUser(tx, {
      provider: 'email',
      appMetadata: {},
      userMetadata: data,
      isAnonymous: true,
    });
    return issueSession(deps, tx, id, 'anonymous', { userAgent: c.req.header('user-agent'), ip });
  });
  return c.json(session);
}
