// GET /reauthenticate: sends a one-time nonce to the user's email (or phone) for a later
// password change under `secure_password_change`.
import { audit } from '../audit.ts';
import type { Context } from 'hono';
import type { AuthDeps } from '../deps.ts';
import { authError } from '../errors.ts';
import { clientIp } from '../http.ts';
import { sendSmsCode, sendUserEmail } from '../messages.ts';
import { authenticate } from '../session-auth.ts';

export async function reauthenticate(deps: AuthDeps, c: Context): Promise<Response> {
  const { user } = await authenticate(deps, c);
  if (!user.email && !user.phone)
    throw authError(
      'validation_failed',
      'Reauthentication requires the user to have an email or a phone number',
    );
  if (user.email && !user.email_confirmed_at)
    throw authError('email_not_confirmed', 'Please verify your email first.', 422);
  if (!user.email && !user.phone_confirmed_at)
    throw authError('phone_not_confirmed', 'Please verify your phone first.', 422);
  const ip = clientIp(c);
  await deps.ctx.db.transaction(async (tx) => {
    await audit(tx, user, 'user_reauthenticate_requested', ip);
    if (user.email)
      await sendUserEmail(deps, tx, user, 'reauthentication', {
        ip,
        redirectTo: deps.ctx.config.auth.siteUrl,
      });
    else await sendSmsCode(deps, tx, user, user.phone!, 'reauthentication', ip);
  });
  return c.json({});
}
