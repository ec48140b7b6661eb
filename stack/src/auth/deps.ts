// What every auth handler receives: the stack context plus the service's shared parts (outbox,
// rate limiter). Built once in service.ts.
import type { StackContext } from '../context/context.ts';
import type { Outbox } from '../outbox/outbox.ts';
import type { RateLimiter } from './rate-limit.ts';

export interface AuthDeps {
  ctx: StackContext;
  outbox: Outbox;
  limiter: RateLimiter;
}

/** The token issuer: `[auth] jwt_issuer`, or the stack's own /auth/v1 URL. */
export const issuer = (deps: AuthDeps) =>
  deps.ctx.config.auth.jwtIssuer || `${deps.ctx.apiUrl}/auth/v1`;
