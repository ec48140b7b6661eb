// The auth service's one route table: every /auth/v1 endpoint and its handler.
import type { Context } from 'hono';
import { deleteFactor, listFactors, updateFactor } from './admin/factors.ts';
import { generateLink, invite } from './admin/generate-link.ts';
import { createAdminUser, deleteAdminUser, getAdminUser, updateAdminUser } from './admin/users.ts';
import { listUsers } from './admin/list-users.ts';
import type { AuthDeps } from './deps.ts';
import { challengeFactor, unenrollFactor, verifyFactor } from './mfa/challenge-verify.ts';
import { enrollFactor } from './mfa/enroll.ts';
import { logout } from './handlers/logout.ts';
import { otp } from './handlers/otp.ts';
import { reauthenticate } from './handlers/reauthenticate.ts';
import { recover } from './handlers/recover.ts';
import { resend } from './handlers/resend.ts';
import { updateUser } from './handlers/user-update.ts';
import { verifyGet, verifyPost } from './handlers/verify.ts';
import { health, jwks, settings } from './handlers/settings.ts';
import { signup } from './handlers/signup.ts';
import { token } from './handlers/token.ts';
import { getUser } from './handlers/user-get.ts';

export type Handler = (deps: AuthDeps, c: Context) => Promise<Response> | Response;

export interface Route {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  handler: Handler;
}

export const ROUTES: Route[] = [
  { method: 'GET', path: '/health', handler: health },
  { method: 'GET', path: '/settings', handler: settings },
  { method: 'GET', path: '/.well-known/jwks.json', handler: jwks },
  { method: 'POST', path: '/signup', handler: signup },
  { method: 'POST', path: '/token', handler: token },
  { method: 'GET', path: '/verify', handler: verifyGet },
  { method: 'POST', path: '/verify', handler: verifyPost },
  { method: 'POST', path: '/otp', handler: otp },
  { method: 'POST', path: '/magiclink', handler: otp },
  { method: 'POST', path: '/recover', handler: recover },
  { method: 'POST', path: '/resend', handler: resend },
  { method: 'GET', path: '/reauthenticate', handler: reauthenticate },
  { method: 'GET', path: '/user', handler: getUser },
  { method: 'PUT', path: '/user', handler: updateUser },
  { method: 'POST', path: '/logout', handler: logout },
  { method: 'POST', path: '/factors', handler: enrollFactor },
  { method: 'POST', path: '/factors/:factor_id/challenge', handler: challengeFactor },
  { method: 'POST', path: '/factors/:factor_id/verify', handler: verifyFactor },
  { method: 'DELETE', path: '/factors/:factor_id', handler: unenrollFactor },
  { method: 'POST', path: '/invite', handler: invite },
  { method: 'GET', path: '/admin/users', handler: listUsers },
  { method: 'POST', path: '/admin/users', handler: createAdminUser },
  { method: 'GET', path: '/admin/users/:user_id', handler: getAdminUser },
  { method: 'PUT', path: '/admin/users/:user_id', handler: updateAdminUser },
  { method: 'DELETE', path: '/admin/users/:user_id', handler: deleteAdminUser },
  { method: 'GET', path: '/admin/users/:user_id/factors', handler: listFactors },
  { method: 'PUT', path: '/admin/users/:user_id/factors/:factor_id', handler: updateFactor },
  { method: 'DELETE', path: '/admin/users/:user_id/factors/:factor_id', handler: deleteFactor },
  { method: 'POST', path: '/admin/generate_link', handler: generateLink },
];
