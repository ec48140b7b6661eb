// The auth service's one route table, read as supabase/auth's api.go is read: every /auth/v1
// endpoint with what stands in front of its handler, as rows of the stack's one route shape
// (context/route.ts: method, path, guard, endpoint). The guards (guards.ts):
//   open()    no API key needed: the gateway lets it through (links opened from email, JWKS);
//             server.ts reads these rows for its key check
//   anyKey()  any project API key (the gateway checks it: server.ts)
//   user()    a signed-in user's access token (requireAuthentication); its endpoint gets the session
//   admin     service_role credentials (requireAdminCredentials)
// and their options:
//   limit     the rate-limit bucket counted per client address (rate-limit.ts, [auth.rate_limit]);
//             perFactor: counted per factor as well
//   aal2      an account with a verified MFA factor must be at aal2 for this (guards.ts AAL2)
// feature(passkeys, …): the endpoint answers only with the feature on ([auth.passkey] enabled).
// Each request runs feature → params (parse) → limit → caller → aal2 → handler, and a local
// program's success gives back what the limit took (endpoint.ts, guards.ts).
import { deleteFactor, listFactors, updateFactor } from './admin/factors.ts';
import { generateLink } from './admin/generate-link.ts';
import { invite } from './admin/invite.ts';
import { listUsers } from './admin/list-users.ts';
import { adminDeletePasskey, adminListPasskeys } from './admin/passkeys.ts';
import {
  deleteOAuthClient,
  getOAuthClient,
  listOAuthClients,
  regenerateOAuthClientSecret,
  registerOAuthClient,
  updateOAuthClient,
} from './admin/oauth-clients.ts';
import { createAdminUser, deleteAdminUser, getAdminUser, updateAdminUser } from './admin/users.ts';
import { route, type Route } from '../context/route.ts';
import { feature, type AuthDeps } from './endpoint.ts';
import type { AuthError } from './errors.ts';
import { AAL2, admin, anyKey, open, user } from './guards.ts';
import { authorize, linkIdentity } from './external/authorize.ts';
import { callback } from './external/callback.ts';
import { unlinkIdentity } from './external/unlink.ts';
import { sso } from './handlers/disabled.ts';
import { logout } from './handlers/logout.ts';
import { otp } from './handlers/otp.ts';
import { reauthenticate } from './handlers/reauthenticate.ts';
import { recover } from './handlers/recover.ts';
import { resend } from './handlers/resend.ts';
import { health, jwks, settings } from './handlers/settings.ts';
import { signup, signupBucket } from './handlers/signup.ts';
import { token } from './handlers/token.ts';
import { updateUser } from './handlers/user-update.ts';
import { getUser } from './handlers/user.ts';
import { verifyCode, verifyLink } from './handlers/verify.ts';
import { challengeFactor } from './mfa/challenge.ts';
import { enrollFactor } from './mfa/enroll.ts';
import { unenrollFactor } from './mfa/unenroll.ts';
import { verifyFactor } from './mfa/verify.ts';
import {
  passkeyAuthenticationOptions,
  passkeyAuthenticationVerify,
} from './passkeys/authentication.ts';
import { passkeysEnabled as passkeys, TO_MANAGE_PASSKEYS } from './passkeys/common.ts';
import { deletePasskey, listPasskeys, updatePasskey } from './passkeys/manage.ts';
import { passkeyRegistrationOptions, passkeyRegistrationVerify } from './passkeys/registration.ts';

// prettier-ignore
export const ROUTES: Route<AuthDeps, AuthError>[] = [
  //     method   path                                                 guard                                                             endpoint
  route('GET',    '/health',                                           open(),                                                           health),
  route('GET',    '/settings',                                         anyKey(),                                                         settings),
  route('GET',    '/.well-known/jwks.json',                            open(),                                                           jwks),
  route('POST',   '/signup',                                           anyKey({ limit: signupBucket }),                                  signup),
  route('POST',   '/token',                                            anyKey({ limit: 'tokenRefresh' }),                                token),
  route('GET',    '/verify',                                           open({ limit: 'tokenVerifications' }),                            verifyLink),
  route('POST',   '/verify',                                           open({ limit: 'tokenVerifications' }),                            verifyCode),
  route('POST',   '/otp',                                              anyKey({ limit: 'signInSignUps' }),                               otp),
  route('POST',   '/magiclink',                                        anyKey({ limit: 'signInSignUps' }),                               otp),
  route('POST',   '/recover',                                          anyKey({ limit: 'signInSignUps' }),                               recover),
  route('POST',   '/resend',                                           anyKey({ limit: 'signInSignUps' }),                               resend),
  route('GET',    '/reauthenticate',                                   user(),                                                           reauthenticate),
  route('GET',    '/user',                                             user(),                                                           getUser),
  route('PUT',    '/user',                                             user({ aal2: AAL2.toChangeCredentials, limit: 'signInSignUps' }), updateUser),
  route('POST',   '/logout',                                           user(),                                                           logout),
  route('GET',    '/user/identities/authorize',                        user(),                                                           linkIdentity),
  route('DELETE', '/user/identities/:identity_id',                     user(),                                                           unlinkIdentity),
  route('GET',    '/authorize',                                        open(),                                                           authorize),
  route('GET',    '/callback',                                         open(),                                                           callback),
  route('POST',   '/callback',                                         open(),                                                           callback),
  route('POST',   '/sso',                                              anyKey(),                                                         sso),
  route('POST',   '/factors',                                          user({ aal2: AAL2.toEnrollAnotherFactor }),                       enrollFactor),
  route('POST',   '/factors/:factor_id/challenge',                     user({ limit: 'mfaChallenge', perFactor: true }),                 challengeFactor),
  route('POST',   '/factors/:factor_id/verify',                        user({ limit: 'mfaVerify', perFactor: true }),                    verifyFactor),
  route('DELETE', '/factors/:factor_id',                               user({ aal2: AAL2.toRemoveVerifiedFactor }),                      unenrollFactor),
  route('POST',   '/passkeys/authentication/options',                  anyKey({ limit: 'passkey' }),                                     feature(passkeys, passkeyAuthenticationOptions)),
  route('POST',   '/passkeys/authentication/verify',                   anyKey(),                                                         feature(passkeys, passkeyAuthenticationVerify)),
  route('POST',   '/passkeys/registration/options',                    user({ aal2: TO_MANAGE_PASSKEYS }),                               feature(passkeys, passkeyRegistrationOptions)),
  route('POST',   '/passkeys/registration/verify',                     user({ aal2: TO_MANAGE_PASSKEYS }),                               feature(passkeys, passkeyRegistrationVerify)),
  route('GET',    '/passkeys',                                         user(),                                                           feature(passkeys, listPasskeys)),
  route('PATCH',  '/passkeys/:passkey_id',                             user(),                                                           feature(passkeys, updatePasskey)),
  route('DELETE', '/passkeys/:passkey_id',                             user({ aal2: TO_MANAGE_PASSKEYS }),                               feature(passkeys, deletePasskey)),
  route('POST',   '/invite',                                           admin,                                                            invite),
  route('GET',    '/admin/users',                                      admin,                                                            listUsers),
  route('POST',   '/admin/users',                                      admin,                                                            createAdminUser),
  route('GET',    '/admin/users/:user_id',                             admin,                                                            getAdminUser),
  route('PUT',    '/admin/users/:user_id',                             admin,                                                            updateAdminUser),
  route('DELETE', '/admin/users/:user_id',                             admin,                                                            deleteAdminUser),
  route('GET',    '/admin/users/:user_id/factors',                     admin,                                                            listFactors),
  route('PUT',    '/admin/users/:user_id/factors/:factor_id',          admin,                                                            updateFactor),
  route('DELETE', '/admin/users/:user_id/factors/:factor_id',          admin,                                                            deleteFactor),
  route('GET',    '/admin/users/:user_id/passkeys',                    admin,                                                            adminListPasskeys),
  route('DELETE', '/admin/users/:user_id/passkeys/:passkey_id',        admin,                                                            adminDeletePasskey),
  route('POST',   '/admin/generate_link',                              admin,                                                            generateLink),
  route('POST',   '/admin/oauth/clients',                              admin,                                                            registerOAuthClient),
  route('GET',    '/admin/oauth/clients',                              admin,                                                            listOAuthClients),
  route('GET',    '/admin/oauth/clients/:client_id',                   admin,                                                            getOAuthClient),
  route('PUT',    '/admin/oauth/clients/:client_id',                   admin,                                                            updateOAuthClient),
  route('DELETE', '/admin/oauth/clients/:client_id',                   admin,                                                            deleteOAuthClient),
  route('POST',   '/admin/oauth/clients/:client_id/regenerate_secret', admin,                                                            regenerateOAuthClientSecret),
];
