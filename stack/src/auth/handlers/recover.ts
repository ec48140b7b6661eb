// POST /recover: sends the password recovery email (link and code). An unknown address gets
// the same empty answer, so the endpoint does not reveal which accounts exist.
import { audit } from '../audit.ts';
import type { Context } from 'hono';
import type { AuthDeps } from '../deps.ts';
import { authError } from '../errors.ts';
import { clientIp, readBody, str } from '../http.ts';
import { sendUserEmail } from '../messages.ts';
import { checkPkceParams, createFlowState } from '../pkce.ts';
import { redirectFor } from '../redirect.ts';
import { findUserByEmail } from '../users.ts';
import { validateEmail } from '../validate.ts';

export async function recover(deps: AuthDeps, c: Context): Promise<Response> {
  const { config } = deps.ctx;
  if (!config.auth.email.enableSignup)
    throw authError('email_provider_disabled', 'Email logins are disabled');
  deps.limiter.take('signInSignUps', clientIp(c));
  const body = await readBody(c);
  const challenge = str(body, 'code_challenge');
  const challengeMethod = str(body, 'code_challenge_method');
  const email = validateEmail(str(body, 'email'));
  const pkce = checkPkceParams(challenge, challengeMethod);
  const user = await findUserByEmail(deps.ctx.db, email);
  if (!user) return c.json({});
  const redirectTo = redirectFor(c, config);
  await deps.ctx.db.transaction(async (tx) => {
    await audit(tx, user, 'user_recovery_requested', clientIp(c));
    if (pkce) await createFlowState(tx, user.id, challenge, challengeMethod, 'recovery');
    await sendUserEmail(deps, tx, user, 'recovery', { ip: clientIp(c), redirectTo, pkce });
  });
  return c.json({});
}
