// The auth service's one route table, read as supabase/auth's api.go is read: every /auth/v1
// endpoint with what stands in front of its handler.
//   caller  public: any project API key (the gateway checks it: server.ts) · user: a signed-in
//           user's access token (requireAuthentication) · admin: service_role credentials
//           (requireAdminCredentials)
//   open    the gateway lets it through without an API key (links opened from email, JWKS)
//   aal2    an account with a verified MFA factor must be at aal2 for this (guards.ts AAL2)
//   feature the route answers only with a feature on (`/passkeys`: [auth.passkey] enabled)
//   limit   the rate-limit bucket counted per client address (rate-limit.ts, [auth.rate_limit]);
//           perFactor: counted per factor as well
// Each request runs feature → parse → limit → caller → aal2 → handler (endpoint.ts).
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
import { route, type Route } from './endpoint.ts';
import { AAL2 } from './guards.ts';
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
export const ROUTES: Route[] = [
  //     method    path                                         guards                                                                   handler
  route('GET',    '/health',                                   { open: true },                                                          health),
  route('GET',    '/settings',                                 {},                                                                      settings),
  route('GET',    '/.well-known/jwks.json',                    { open: true },                                                          jwks),
  route('POST',   '/signup',                                   { limit: signupBucket },                                                 signup),
  route('POST',   '/token',                                    { limit: 'tokenRefresh' },                                               token),
  route('GET',    '/verify',                                   { open: true, limit: 'tokenVerifications' },                             verifyLink),
  route('POST',   '/verify',                                   { open: true, limit: 'tokenVerifications' },                             verifyCode),
  route('POST',   '/otp',                                      { limit: 'signInSignUps' },                                              otp),
  route('POST',   '/magiclink',                                { limit: 'signInSignUps' },                                              otp),
  route('POST',   '/recover',                                  { limit: 'signInSignUps' },                                              recover),
  route('POST',   '/resend',                                   { limit: 'signInSignUps' },                                              resend),
  route('GET',    '/reauthenticate',                           { caller: 'user' },                                                      reauthenticate),
  route('GET',    '/user',                                     { caller: 'user' },                                                      getUser),
  route('PUT',    '/user',                                     { caller: 'user', aal2: AAL2.toChangeCredentials, limit: 'signInSignUps' }, updateUser),
  route('POST',   '/logout',                                   { caller: 'user' },                                                      logout),
  route('GET',    '/user/identities/authorize',                { caller: 'user' },                                                      linkIdentity),
  route('DELETE', '/user/identities/:identity_id',             { caller: 'user' },                                                      unlinkIdentity),
  route('GET',    '/authorize',                                { open: true },                                                          authorize),
  route('GET',    '/callback',                                 { open: true },                                                          callback),
  route('POST',   '/callback',                                 { open: true },                                                          callback),
  route('POST',   '/sso',                                      {},                                                                      sso),
  route('POST',   '/factors',                                  { caller: 'user', aal2: AAL2.toEnrollAnotherFactor },                    enrollFactor),
  route('POST',   '/factors/:factor_id/challenge',             { caller: 'user', limit: 'mfaChallenge', perFactor: true },              challengeFactor),
  route('POST',   '/factors/:factor_id/verify',                { caller: 'user', limit: 'mfaVerify', perFactor: true },                 verifyFactor),
  route('DELETE', '/factors/:factor_id',                       { caller: 'user', aal2: AAL2.toRemoveVerifiedFactor },                   unenrollFactor),
  route('POST',   '/passkeys/authentication/options',          { feature: passkeys, limit: 'passkey' },                                  passkeyAuthenticationOptions),
  route('POST',   '/passkeys/authentication/verify',           { feature: passkeys },                                                   passkeyAuthenticationVerify),
  route('POST',   '/passkeys/registration/options',            { feature: passkeys, caller: 'user', aal2: TO_MANAGE_PASSKEYS },          passkeyRegistrationOptions),
  route('POST',   '/passkeys/registration/verify',             { feature: passkeys, caller: 'user', aal2: TO_MANAGE_PASSKEYS },          passkeyRegistrationVerify),
  route('GET',    '/passkeys',                                 { feature: passkeys, caller: 'user' },                                   listPasskeys),
  route('PATCH',  '/passkeys/:passkey_id',                     { feature: passkeys, caller: 'user' },                                   updatePasskey),
  route('DELETE', '/passkeys/:passkey_id',                     { feature: passkeys, caller: 'user', aal2: TO_MANAGE_PASSKEYS },          deletePasskey),
  route('POST',   '/invite',                                   { caller: 'admin' },                                                     invite),
  route('GET',    '/admin/users',                              { caller: 'admin' },                                                     listUsers),
  route('POST',   '/admin/users',                              { caller: 'admin' },                                                     createAdminUser),
  route('GET',    '/admin/users/:user_id',                     { caller: 'admin' },                                                     getAdminUser),
  route('PUT',    '/admin/users/:user_id',                     { caller: 'admin' },                                                     updateAdminUser),
  route('DELETE', '/admin/users/:user_id',                     { caller: 'admin' },                                                     deleteAdminUser),
  route('GET',    '/admin/users/:user_id/factors',             { caller: 'admin' },                                                     listFactors),
  route('PUT',    '/admin/users/:user_id/factors/:factor_id',  { caller: 'admin' },                                                     updateFactor),
  route('DELETE', '/admin/users/:user_id/factors/:factor_id',  { caller: 'admin' },                                                     deleteFactor),
  route('GET',    '/admin/users/:user_id/passkeys',            { caller: 'admin' },                                                     adminListPasskeys),
  route('DELETE', '/admin/users/:user_id/passkeys/:passkey_id', { caller: 'admin' },                                                    adminDeletePasskey),
  route('POST',   '/admin/generate_link',                      { caller: 'admin' },                                                     generateLink),
  route('POST',   '/admin/oauth/clients',                      { caller: 'admin' },                                                     registerOAuthClient),
  route('GET',    '/admin/oauth/clients',                      { caller: 'admin' },                                                     listOAuthClients),
  route('GET',    '/admin/oauth/clients/:client_id',           { caller: 'admin' },                                                     getOAuthClient),
  route('PUT',    '/admin/oauth/clients/:client_id',           { caller: 'admin' },                                                     updateOAuthClient),
  route('DELETE', '/admin/oauth/clients/:client_id',           { caller: 'admin' },                                                     deleteOAuthClient),
  route('POST',   '/admin/oauth/clients/:client_id/regenerate_secret', { caller: 'admin' },                                             regenerateOAuthClientSecret),
];
