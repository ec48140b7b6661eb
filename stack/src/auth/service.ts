// The Supabase Auth (GoTrue) compatible service mounted at /auth/v1: builds the shared parts
// (outbox, rate limiter), mounts the route table and turns typed errors into GoTrue's shape.
import { Hono } from 'hono';
import type { ServiceEnv, StackContext } from '../context/context.ts';
import type { AuthDeps } from './deps.ts';
import { AuthError, OAuthError, authError, errorResponse } from './errors.ts';
import { isDatabaseUnavailable } from '../db/unavailable.ts';
import { createRateLimiter } from './rate-limit.ts';
import { ROUTES } from './routes.ts';

export function createAuthService(ctx: StackContext): Hono<ServiceEnv> {
  const deps: AuthDeps = {
    ctx,
    outbox: ctx.outbox,
    limiter: createRateLimiter(ctx.config),
  };
  const app = new Hono<ServiceEnv>();
  for (const route of ROUTES)
    app.on(route.method, route.path, async (c) => {
      try {
        return await route.handler(deps, c);
      } catch (error) {
        if (error instanceof AuthError || error instanceof OAuthError)
          return errorResponse(c, error);
        // Supabase Auth answers a database it cannot reach with a 500 "Database error …".
        if (isDatabaseUnavailable(error)) {
          ctx.log.warn(`auth: database unavailable on ${c.req.method} ${c.req.path}`);
          return errorResponse(
            c,
            authError('unexpected_failure', 'Database error: the database is unavailable'),
          );
        }
        ctx.log.error(`auth: unexpected error on ${c.req.method} ${c.req.path}`, error);
        return c.json(
          {
            code: 500,
            error_code: 'unexpected_failure',
            msg: 'Unexpected failure, please check server logs for more information',
          },
          500,
        );
      }
    });
  return app;
}
