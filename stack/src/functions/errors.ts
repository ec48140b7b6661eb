// The responses the Edge Functions runtime itself sends (as opposed to what a function returns),
// in hosted Supabase's shapes. docs/errors.md lists them under "Edge Functions".
const json = (status: number, body: unknown): Response =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });

export const functionErrors = {
  /** No function by that name (or disabled in config.toml). */
  notFound: () => json(404, { code: 'NOT_FOUND', message: 'Requested function was not found' }),
  /** verify_jwt is on and the request has no Authorization header. */
  missingAuthorization: () => json(401, { code: 401, message: 'Missing authorization header' }),
  /** verify_jwt is on and the bearer token is not a valid JWT of this project. */
  invalidJwt: () => json(401, { code: 401, message: 'Invalid JWT' }),
  /** The function's module failed to load (syntax error, throwing import, Deno.exit at boot). */
  bootError: () =>
    json(503, { code: 'BOOT_ERROR', message: 'Function failed to start (please check logs)' }),
  /** The worker died while handling the request (Deno.exit, crash). */
  workerError: () =>
    json(500, {
      code: 'WORKER_ERROR',
      message: 'Function exited due to an error (please check logs)',
    }),
  /** No response started within the wall-clock limit; the worker was stopped. Empty body. */
  timeout: () => new Response(null, { status: 504 }),
  /** The runtime itself failed (e.g. the Deno binary is missing). */
  internal: () =>
    json(500, {
      code: 'Internal Server Error',
      message: 'Request failed due to an internal server error',
    }),
};

/** Why the runtime answers before a function runs: the routes' typed failures (routes.ts). */
export type FunctionFailure = 'not-found' | 'missing-authorization' | 'invalid-jwt';

export function functionFailure(failure: FunctionFailure): Response {
  switch (failure) {
    case 'not-found':
      return functionErrors.notFound();
    case 'missing-authorization':
      return functionErrors.missingAuthorization();
    case 'invalid-jwt':
      return functionErrors.invalidJwt();
  }
}
