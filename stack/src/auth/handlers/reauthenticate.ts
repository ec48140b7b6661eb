// GET /reauthenticate: sends a one-time nonce to the user's email (or phone) for a later
// password change under `secure_password_change`.
import { userEndpoint } from '../endpoint.ts';
import { authError } from '../errors.ts';
import { sendSmsCode, sendUserEmail } from '../messages.ts';

export const reauthenticate = userEndpoint({}, async (_request, _params, { deps, ip, session }) => {
  const { user } = session;
  if (!user.email && !user.phone)
    throw authError(
      'validation_failed',
      'Reauthentication requires the user to have an email or a phone number',
    );
  if (user.email && !user.email_confirmed_at)
    throw authError('email_not_confirmed', 'Please verify your email first.', 422);
  if (!user.email && !user.phone_confirmed_at)
    throw authError('phone_not_confirmed', 'Please verify your phone first.', 422);
  await deps.store.transaction(async (q) => {
    await q.recordAudit(user, 'user_reauthenticate_requested', ip);
    if (user.email)
      await sendUserEmail(deps, q, user, 'reauthentication', {
        ip,
        redirectTo: deps.config.auth.siteUrl,
      });
    else await sendSmsCode(deps, q, user, user.phone!, 'reauthentication', ip);
  });
  return Response.json({});
});
