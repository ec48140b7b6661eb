// The Supabase Auth (GoTrue) compatible service mounted at /auth/v1: builds its parts (the
// store, the rate limiter), gives the route table (context/route.ts) with its answers: typed
// errors in GoTrue's shape.
import type { StackContext } from '../context/context.ts';
import { routeTable, type Answers, type Routes } from '../context/route.ts';
import type { AuthDeps } from './endpoint.ts';
import { AuthError, OAuthError, authError, errorResponse } from './errors.ts';
import { createRateLimiter } from './rate-limit.ts';
import { ROUTES } from './routes.ts';
import { createAuthStore, isDatabaseUnavailable } from './store/index.ts';

export function createAuthService(ctx: StackContext): Routes {
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
  return routeTable(deps, ROUTES, ANSWERS);
}

/** Failures and throws in GoTrue's shape; a database out of reach and the unexpected, logged. */
const ANSWERS: Answers<AuthDeps, AuthError> = {
  failure: (error, { request }) => errorResponse(request, error),
  thrown(error, { request }, { log }) {
    if (error instanceof AuthError || error instanceof OAuthError)
      return errorResponse(request, error);
    const where = `${request.method} ${new URL(request.url).pathname}`;
    // Supabase Auth answers a database it cannot reach with a 500 "Database error …".
    if (isDatabaseUnavailable(error)) {
      log.warn(`auth: database unavailable on ${where}`);
      return errorResponse(
        request,
        authError('unexpected_failure', 'Database error: the database is unavailable'),
      );
    }
    log.error(`auth: unexpected error on ${where}`, error);
    return Response.json(
      {
        code: 500,
        error_code: 'unexpected_failure',
        msg: 'Unexpected failure, please check server logs for more information',
      },
      { status: 500 },
    );
  },
};
