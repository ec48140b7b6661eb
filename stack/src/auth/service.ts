// The Supabase Auth (GoTrue) compatible service mounted at /auth/v1: builds its parts (the
// store, the rate limiter), mounts the route table and turns typed errors into GoTrue's shape.
import { Hono } from 'hono';
import type { ServiceEnv, StackContext } from '../context/context.ts';
import type { AuthDeps } from './endpoint.ts';
import { AuthError, OAuthError, authError, errorResponse } from './errors.ts';
import { createRateLimiter } from './rate-limit.ts';
import { ROUTES } from './routes.ts';
import { createAuthStore, isDatabaseUnavailable } from './store/index.ts';

export function createAuthService(ctx: StackContext): Hono<ServiceEnv> {
  const deps: AuthDeps = {
    config: ctx.config,
    keys: ctx.keys,
    log: ctx.log,
    store: createAuthStore(ctx.db, ctx.outbox),
    limiter: createRateLimiter(ctx.config),
    // The URL is known once the stack listens (port 0 in tests): read it when used.
    get apiUrl() {
      return ctx.apiUrl;
    },
    get issuer() {
      return ctx.config.auth.jwtIssuer || `${ctx.apiUrl}/auth/v1`;
    },
  };
  const app = new Hono<ServiceEnv>();
  for (const route of ROUTES)
    app.on(route.method, route.path, async (c) => {
      const request = c.req.raw;
      try {
        return await route.run(
          {
            request,
            path: c.req.param(),
            ip: c.get('clientIp') ?? '127.0.0.1',
            apikey: c.get('apikey'),
          },
          deps,
        );
      } catch (error) {
        if (error instanceof AuthError || error instanceof OAuthError)
          return errorResponse(request, error);
        // Supabase Auth answers a database it cannot reach with a 500 "Database error …".
        if (isDatabaseUnavailable(error)) {
          ctx.log.warn(`auth: database unavailable on ${c.req.method} ${c.req.path}`);
          return errorResponse(
            request,
            authError('unexpected_failure', 'Database error: the database is unavailable'),
          );
        }
        ctx.log.error(`auth: unexpected error on ${c.req.method} ${c.req.path}`, error);
        return Response.json(
          {
            code: 500,
            error_code: 'unexpected_failure',
            msg: 'Unexpected failure, please check server logs for more information',
          },
          { status: 500 },
        );
      }
    });
  return app;
}
