// One route shape for a service's HTTP table, over the Web Request: the method and path, the
// guard that decides who may call (its typed failure answered by the service's own
// toResponse), the path's parameters typed from the path itself, and the handler. Mounting
// a table on Hono is the only place Hono is seen; handlers get a Request and return a Response.
import type { Hono } from 'hono';
import type { ServiceEnv } from './context.ts';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The parameters a path names: `/a/:topic/b/:event` → { topic: string; event: string }. */
export type ParamsOf<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? { [K in Name]: string } & ParamsOf<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? { [K in Name]: string }
    : Record<never, string>;

export type Checked<A, F> = { ok: true; value: A } | { ok: false; failure: F };

/** What stands before a handler: who may call, as a value (A) or a typed failure (F). */
export interface Guard<D, A, F> {
  /** Named in the route table, so a reader sees every route's protection. */
  name: string;
  check(deps: D, request: Request): Promise<Checked<A, F>> | Checked<A, F>;
}

/** A guard that lets every request through. */
export const open: Guard<unknown, undefined, never> = {
  name: 'open',
  check: () => ({ ok: true, value: undefined }),
};

export interface RouteCall<P, A> {
  request: Request;
  params: P;
  /** What the guard resolved (the caller, a key …). */
  access: A;
}

export interface RouteSpec<D, F, P extends string, A> {
  method: Method;
  path: P;
  guard: Guard<D, A, F>;
  handler(deps: D, call: RouteCall<ParamsOf<P>, A>): Promise<Response> | Response;
}

/** A route of a service's table, its parameter and access types checked where it is written. */
export interface Route<D, F> {
  method: Method;
  path: string;
  guard: string;
  run(deps: D, request: Request, params: Record<string, string>): Promise<Checked<Response, F>>;
}

export function route<D, F, P extends string, A>(spec: RouteSpec<D, F, P, A>): Route<D, F> {
  return {
    method: spec.method,
    path: spec.path,
    guard: spec.guard.name,
    async run(deps, request, params) {
      const checked = await spec.guard.check(deps, request);
      if (!checked.ok) return checked;
      const call = { request, params: params as ParamsOf<P>, access: checked.value };
      return { ok: true, value: await spec.handler(deps, call) };
    },
  };
}

/** Mounts a table on the service's app: a guard's failure is answered by toResponse. */
export function mountRoutes<D, F>(
  app: Hono<ServiceEnv>,
  deps: D,
  routes: readonly Route<D, F>[],
  toResponse: (failure: F) => Response,
): void {
  for (const r of routes)
    app.on(r.method, r.path, async (c) => {
      const answered = await r.run(deps, c.req.raw, c.req.param() as Record<string, string>);
      return answered.ok ? answered.value : toResponse(answered.failure);
    });
}
