// What a Storage route is — method, path, guard, params, handler — and how one request goes
// through it: read the request's parts, validate them into the handler's typed params, apply the
// guard (who may do this), run the handler on the Web Request. Every failure is answered in
// Storage's error shape; unknown causes are logged and sent as 500.
import type { Context, Hono } from 'hono';
import type { ServiceEnv } from '../../context/context.ts';
import type { StorageDeps } from '../deps.ts';
import { errorResponse, StorageError, toStorageError } from '../errors.ts';
import { drainUnread } from '../upload-body.ts';
import type { Guard } from './guards.ts';
import { readInput } from './input.ts';
import { parseParams, type ParamsSpec } from './params.ts';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export type Handler<P, A> = (
  request: Request,
  params: P,
  access: A,
  deps: StorageDeps,
) => Promise<Response>;

export interface Route {
  method: Method;
  /** Below /storage/v1; `:name` is one path segment, `*` the rest (the object key). */
  path: string;
  guard: Guard<never, unknown>;
  serve(c: Context<ServiceEnv>, deps: StorageDeps): Promise<Response>;
}

export function route<P extends N, N, A>(
  method: Method,
  path: string,
  guard: Guard<N, A>,
  params: ParamsSpec<P>,
  handler: Handler<P, A>,
): Route {
  return {
    method,
    path,
    guard: guard as Guard<never, unknown>,
    async serve(c, deps) {
      try {
        const input = await readInput(c.req.raw, path, params.json);
        const parsed = parseParams(params.schema, input);
        const access = await guard.resolve(c, parsed, deps);
        return await handler(c.req.raw, parsed, access, deps);
      } catch (error) {
        // Let the client finish sending so it can read the answer (e.g. a refused upload).
        await drainUnread(c.req.raw);
        const storageError = toStorageError(error);
        if (!(error instanceof StorageError) && storageError.status >= 500)
          deps.ctx.log.error(`storage: ${c.req.method} ${c.req.path} failed`, error);
        return errorResponse(storageError);
      }
    },
  };
}

/** Registers the routes in order (the first matching route answers). */
export function mountRoutes(app: Hono<ServiceEnv>, routes: Route[], deps: StorageDeps): void {
  for (const r of routes) app.on(r.method, r.path, (c) => r.serve(c, deps));
}
