// The auth service's one route table: every /auth/v1 endpoint and its handler.
import type { Context } from 'hono';
import type { AuthDeps } from './deps.ts';
import { logout } from './handlers/logout.ts';
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
  { method: 'GET', path: '/user', handler: getUser },
  { method: 'POST', path: '/logout', handler: logout },
];
