// The stack's one route shape. Every service's HTTP table (Auth, Storage, REST, Functions,
// Realtime's HTTP API, the inbox's API) is a list of rows read the same way:
//
//   route(method, path, guard, endpoint)
//
// and every request goes through the same stages: the endpoint's input (what it reads from the
// request, validated into typed params) → the guard (who may do this, as a typed value or a
// typed failure; it sees the params) → the handler (the Web Request, the params and what the
// guard resolved, answered as a Web Response) → the guard's settle (it sees the answer). A typed
// failure of a stage is answered by the service's own `failure`, anything thrown by its
// `thrown`, each in that service's error shape. A service's rows, with its answers, become one
// `Routes` (routeTable), which the gateway's front door asks (gateway/front-door.ts); the first
// row whose method and path match answers (paths as context/route-path.ts reads them).
import type { Readable } from 'node:stream';
import type { ApiKey } from '../keys/keys.ts';
import { after } from '../lib/after.ts';
import type { Bindings } from './context.ts';
import { pathMatcher, type PathMatcher } from './route-path.ts';
import { viewOf, type RequestView } from './view.ts';

export type Method = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'OPTIONS';

/** The methods a route answers: one, several, or every method. */
export type Methods = Method | readonly Method[] | 'ALL';

/** The parameters a path names: `/a/:topic/b/:event` → { topic: string; event: string }. */
export type ParamsOf<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? { [K in Name]: string } & ParamsOf<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? { [K in Name]: string }
    : Record<never, string>;

export type Checked<A, F> = { ok: true; value: A } | { ok: false; failure: F };

/** A stage's result, now or later. */
export type Staged<A, F> = Promise<Checked<A, F>> | Checked<A, F>;

/**
 * Runs a stage written in the throwing style: an error of the service's own class becomes the
 * stage's typed failure; anything else is thrown on, for the service's `thrown` to answer.
 */
export async function failingAs<F, T>(
  errorClass: abstract new (...args: never[]) => F,
  stage: () => Promise<T> | T,
): Promise<Checked<T, F>> {
  try {
    return { ok: true, value: await stage() };
  } catch (error) {
    if (error instanceof errorClass) return { ok: false, failure: error as F };
    throw error;
  }
}

/**
 * A request as every gate and stage sees it: its view (the Web Request, its URL, headers and
 * body, each read once), what the gateway found out about it, and what the server gave beside
 * it. One object per request, made by the front door; a route's call is the same object.
 */
export interface Incoming extends RequestView {
  /** The client's address (context/client-address.ts): rate limits and audit entries key on it. */
  ip: string;
  /** The project API key the request carried (apikey header, or a bearer that is one). */
  apikey: ApiKey | undefined;
  /** Node's request and response, or the upgrade, when the request came off a socket. */
  env: Bindings;
}

/** What stands before a handler: who may call, as a value (A) or a typed failure (F). */
export interface Guard<D, A, F, P = unknown> {
  /** Named in the route table, so a reader sees every route's protection. */
  name: string;
  /** Reached without an API key: the gateway leaves the path open (email links, signed URLs). */
  open?: boolean;
  check(deps: D, incoming: Incoming, params: P): Staged<A, F>;
  /** Sees the answer once the handler has run (a rate limit gives back what it took). */
  settle?(deps: D, access: A, response: Response, incoming: Incoming): void;
}

/** A guard that lets every request through. */
export const open: Guard<unknown, undefined, never> = {
  name: 'open',
  check: () => ({ ok: true, value: undefined }),
};

export interface RouteCall<P, A> extends Incoming {
  /** The typed params the endpoint's input read. */
  params: P;
  /** What the guard resolved (the caller, a key, a session …). */
  access: A;
}

/** What a route does: read its input (the path's parameters unless it says more), then answer. */
export interface Endpoint<D, Path, P, A, F> {
  /**
   * `pattern` is the route's own path as written in the table, for a service that reads the
   * path itself (Storage reads the raw URL, so an encoded `/` stays inside an object key).
   */
  // Function properties, not methods: checked strictly, so an endpoint that needs what one
  // guard resolves cannot stand behind another.
  input: (deps: D, incoming: Incoming, path: Path, pattern: string) => Staged<P, F>;
  handle: (deps: D, call: RouteCall<P, A>) => Promise<Response> | Response;
}

export type Handler<D, P, A> = (deps: D, call: RouteCall<P, A>) => Promise<Response> | Response;

/** An endpoint whose params are the path's own (no body, query or header to validate). */
export function pathEndpoint<D, Path, A>(
  handle: Handler<D, Path, A>,
): Endpoint<D, Path, Path, A, never> {
  return { input: (_deps, _incoming, path) => ({ ok: true, value: path }), handle };
}

/** A row of a service's table, its parameter and access types checked where it was written. */
export interface Route<D, F> {
  methods: Methods;
  path: string;
  guard: string;
  open: boolean;
  /** The path's parameters when `path` (below the service's prefix) is this row's, else null. */
  match: PathMatcher;
  /** Whether the row answers `method` (HEAD is answered as GET is, its body left out). */
  accepts(method: string): boolean;
  /** Throws (or rejects with) what a stage threw: the service's `thrown` answers it. */
  run(deps: D, incoming: Incoming, path: Record<string, string>): Staged<Response, F>;
}

function accepting(methods: Methods): (method: string) => boolean {
  if (methods === 'ALL') return () => true;
  const set = new Set<string>(([] as string[]).concat(methods));
  if (set.has('GET')) set.add('HEAD');
  return (method) => set.has(method);
}

export function route<D, F, Path extends string, A>(
  methods: Methods,
  path: Path,
  guard: Guard<D, A, F, ParamsOf<Path>>,
  handler: Handler<D, ParamsOf<Path>, A>,
): Route<D, F>;
export function route<D, F, Path extends string, P, A>(
  methods: Methods,
  path: Path,
  guard: Guard<D, A, F, NoInfer<P>>,
  endpoint: Endpoint<D, ParamsOf<Path>, P, A, F>,
): Route<D, F>;
export function route<D, F, A>(
  methods: Methods,
  path: string,
  // The overloads above check the types; the implementation sees them erased.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  guard: Guard<D, A, F, any>,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  endpoint: Endpoint<D, any, any, A, F> | Handler<D, any, A>,
): Route<D, F> {
  const { input, handle } = typeof endpoint === 'function' ? pathEndpoint(endpoint) : endpoint;
  return {
    methods,
    path,
    guard: guard.name,
    open: !!guard.open,
    match: pathMatcher(path),
    accepts: accepting(methods),
    run(deps, incoming, pathParams) {
      // Each stage's answer is taken at once when it is already there: a request whose stages
      // are all synchronous but the handler waits on nothing else.
      return after(input(deps, incoming, pathParams, path), (params) => {
        if (!params.ok) return params;
        return after(guard.check(deps, incoming, params.value), (access) => {
          if (!access.ok) return access;
          // The call is the request itself with what the row read and its guard resolved: one
          // object per request (one row answers it), not a copy of it.
          const call = incoming as RouteCall<unknown, A>;
          call.params = params.value;
          call.access = access.value;
          return after(handle(deps, call), (response) => {
            guard.settle?.(deps, access.value, response, incoming);
            return { ok: true, value: response };
          });
        });
      });
    },
  };
}

/** How a service answers what its routes did not: in its own error shape. */
export interface Answers<D, F> {
  /** A stage's typed failure. */
  failure(failure: F, incoming: Incoming): Response | Promise<Response>;
  /** Anything a stage threw: the service's own errors, else a 500 it logs. */
  thrown?(error: unknown, incoming: Incoming, deps: D): Response | Promise<Response>;
}

/** A request as the stages see it, given what the gateway found out about it. */
export function incomingFrom(
  request: Request,
  options: {
    ip?: string;
    apikey?: ApiKey;
    /** Node's raw headers and request stream, when it came off a socket (context/view.ts). */
    rawHeaders?: readonly string[];
    stream?: Readable;
    env?: Bindings;
  } = {},
): Incoming {
  const { url, headerRecord, body } = viewOf(request, options.rawHeaders, options.stream);
  // One shape for every request (the route's call adds its params and access in place).
  const incoming: Incoming & { params: unknown; access: unknown } = {
    request,
    url,
    headerRecord,
    body,
    ip: options.ip ?? '127.0.0.1',
    apikey: options.apikey,
    env: options.env ?? {},
    params: undefined,
    access: undefined,
  };
  return incoming;
}

/** A service's table with its answers: the answer of the first row that matches, if any. */
export interface Routes {
  /** `path` is the request's path below the service's prefix ('/' at least). */
  answer(incoming: Incoming, path: string): Response | Promise<Response> | undefined;
}

/** A table no request matches (a service switched off). */
export const NO_ROUTES: Routes = { answer: () => undefined };

/** A service's table with its answers, in order (the first row that matches answers). */
export function routeTable<D, F>(
  deps: D,
  routes: readonly Route<D, F>[],
  answers: Answers<D, F> | Answers<D, F>['failure'],
): Routes {
  const { failure, thrown } = typeof answers === 'function' ? { failure: answers } : answers;
  return {
    answer(incoming, path) {
      const method = incoming.request.method;
      for (const row of routes) {
        if (!row.accepts(method)) continue;
        const params = row.match(path);
        if (params) return answerWith(row, params);
      }
      return undefined;

      function answerWith(row: Route<D, F>, params: Record<string, string>) {
        const caught = (error: unknown) => {
          if (!thrown) throw error;
          return thrown(error, incoming, deps);
        };
        try {
          const answered = after(row.run(deps, incoming, params), (checked) =>
            checked.ok ? checked.value : failure(checked.failure, incoming),
          );
          return answered instanceof Promise ? answered.catch(caught) : answered;
        } catch (error) {
          return caught(error);
        }
      }
    },
  };
}
