// POST /recover: sends the password recovery email (link and code). An unknown address gets
// the same empty answer, so the endpoint does not reveal which accounts exist.
import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { authError } from '../errors.ts';
import { sendUserEmail } from '../messages.ts';
import { text } from '../params.ts';
import { checkPkceParams, startFlow } from '../pkce.ts';
import { redirectFor } from '../redirect.ts';
import { validateEmail } from '../validate.ts';

const RecoverBody = z.object({ email: text, code_challenge: text, code_challenge_method: text });

export const recover = endpoint({ body: RecoverBody }, async (request, p, { deps, ip }) => {
  if (!deps.config.auth.email.enableSignup)
    throw authError('email_provider_disabled', 'Email logins are disabled');
  const email = validateEmail(p.email);
  const pkce = checkPkceParams(p.code_challenge, p.code_challenge_method);
  const user = await deps.store.findUserByEmail(email);
  if (!user) return Response.json({});
  const redirectTo = redirectFor(request, deps.config);
  await deps.store.transaction(async (q) => {
    await q.recordAudit(user, 'user_recovery_requested', ip);
    await startFlow(q, p, user.id, 'recovery');
    await sendUserEmail(deps, q, user, 'recovery', { ip, redirectTo, pkce });
  });
  return Response.json({});
});
