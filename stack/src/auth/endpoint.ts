// What a route of the auth service is made of, and the one pipeline every request goes through:
// parse the params → take from the rate-limit bucket → check the caller (user session or admin)
// → the aal2 rule → the handler, which applies the endpoint's rules and answers. Handlers get the
// Web Request, their typed params and a Call (the service's parts, the client address and, on
// user routes, the session).
import type { Config } from '../config/config.ts';
import type { ApiKey, Keys } from '../keys/keys.ts';
import type { Logger } from '../lib/log.ts';
import {
  checkAal2,
  requireAdmin,
  requireSession,
  type Aal2Rule,
  type UserSession,
} from './guards.ts';
import { parseParams, type ParamsSpec, type RawInput } from './params.ts';
import { isLocal, type LimitName, type RateLimiter } from './rate-limit.ts';
import type { AuthStore } from './store/index.ts';
import type { z } from 'zod';

/** The auth service's parts, built once (service.ts). */
export interface AuthDeps {
  config: Config;
  keys: Keys;
  log: Logger;
  store: AuthStore;
  limiter: RateLimiter;
  /** Public base URL of the stack (links in emails point at its /auth/v1/verify). */
  apiUrl: string;
  /** The `iss` of access tokens: `[auth] jwt_issuer`, or the stack's own /auth/v1 URL. */
  issuer: string;
}

/** Who may call a route: anyone with a project API key, a signed-in user, or an admin. */
export type Caller = 'public' | 'user' | 'admin';

export interface Call<C extends Caller = 'public'> {
  deps: AuthDeps;
  /** The client's address as the gateway resolved it (rate limits and audit entries key on it). */
  ip: string;
  session: C extends 'user' ? UserSession : undefined;
}

export interface Endpoint<P, C extends Caller> {
  caller: C;
  params: Spec;
  handle(request: Request, params: P, call: Call<C>): Promise<Response>;
}

/** What a spec entry parses to: its schema's output (a body chosen by the query: any of them). */
type OutputOf<T> = T extends z.ZodType
  ? z.output<T>
  : T extends (query: never) => infer R
    ? R extends z.ZodType
      ? z.output<R>
      : never
    : Record<never, never>;

type Spec = ParamsSpec<z.ZodObject, z.ZodObject, z.ZodObject>;
type Parsed<S extends Spec> = OutputOf<S['path']> & OutputOf<S['query']> & OutputOf<S['body']>;

function define<C extends Caller>(caller: C) {
  return <S extends Spec>(
    params: S,
    handle: (request: Request, params: Parsed<S>, call: Call<C>) => Promise<Response>,
  ): Endpoint<Parsed<S>, C> => ({ caller, params, handle });
}

/** An endpoint any holder of a project API key may call. */
export const endpoint = define('public');
/** An endpoint for a signed-in user (requireAuthentication). */
export const userEndpoint = define('user');
/** An endpoint of the admin API (requireAdminCredentials). */
export const adminEndpoint = define('admin');

/** A rate-limit bucket, or a choice of bucket by the request's params. */
export type Limit<P> = LimitName | ((params: P) => LimitName);

/** A route's guards; user and admin routes say so (and their endpoint must be of that kind). */
export type Guards<P, C extends Caller> = {
  /** The gateway lets this route through without an API key (email links, JWKS). */
  open?: true;
  /** Refuses the request before anything else when a feature is off (`/passkeys`). */
  feature?: (config: Config) => void;
  aal2?: Aal2Rule<P>;
  limit?: Limit<P>;
  /** The bucket also counts per factor (the path's factor_id), once the caller is known. */
  perFactor?: P extends { factor_id: string } ? true : never;
} & (C extends 'public' ? { caller?: 'public' } : { caller: C });

/** A row of the route table, its types erased once checked. */
export interface Route {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  caller: Caller;
  open: boolean;
  run(input: RouteInput, deps: AuthDeps): Promise<Response>;
}

export interface RouteInput extends RawInput {
  ip: string;
  apikey: ApiKey | undefined;
}

export function route<P, C extends Caller>(
  method: Route['method'],
  path: string,
  guards: Guards<P, C>,
  endpoint: Endpoint<P, C>,
): Route {
  return {
    method,
    path,
    caller: endpoint.caller,
    open: !!guards.open,
    run: (input, deps) => runPipeline(guards, endpoint, input, deps),
  };
}

/** Answers that refuse a request without an error status (GET /verify's error redirect). */
const refusals = new WeakSet<Response>();

/** Marks an answer as a refusal, so it counts as a failed request (see rate-limit.ts). */
export function refusal(response: Response): Response {
  refusals.add(response);
  return response;
}

/**
 * feature → parse → limit → caller (→ the per-factor limit) → aal2 → handler. A program on this machine
 * gets its limits back when the request succeeds (rate-limit.ts).
 */
async function runPipeline<P, C extends Caller>(
  guards: Guards<P, C>,
  endpoint: Endpoint<P, C>,
  input: RouteInput,
  deps: AuthDeps,
): Promise<Response> {
  guards.feature?.(deps.config);
  const params = (await parseParams(endpoint.params, input)) as P;
  const bucket = typeof guards.limit === 'function' ? guards.limit(params) : guards.limit;
  const taken: string[] = [];
  const take = (key: string) => {
    deps.limiter.take(bucket!, key);
    taken.push(key);
  };
  if (bucket) take(input.ip);
  let session: UserSession | undefined;
  if (endpoint.caller === 'user')
    session = await requireSession(deps.keys, deps.store, input.request);
  if (endpoint.caller === 'admin') await requireAdmin(deps.keys, input.request, input.apikey);
  if (bucket && guards.perFactor && session)
    // Keyed by the user too: another account cannot use up the bucket of a factor not its own.
    take(`factor:${session.user.id}/${(params as { factor_id: string }).factor_id}`);
  if (guards.aal2 && session) await checkAal2(guards.aal2, params, session, deps.store);
  // The caller stage set `session` exactly when C is 'user', which is what Call<C> says.
  const call = { deps, ip: input.ip, session } as Call<C>;
  const response = await endpoint.handle(input.request, params, call);
  if (bucket && isLocal(input.ip) && response.status < 400 && !refusals.has(response))
    for (const key of taken) deps.limiter.refund(bucket, key);
  return response;
}
