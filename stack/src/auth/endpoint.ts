// What a route of the auth service is made of, as rows of the stack's one route shape
// (context/route.ts): an endpoint reads its params (params.ts: path, query and JSON body, checked
// by zod as GoTrue decodes its Go structs), then the route's guard (guards.ts) counts the rate
// limit and checks the caller and the aal2 rule, then the handler answers. Handlers get the Web
// Request, their typed params and a Call (the service's parts, the client address and, on user
// routes, the session).
import type { JWTPayload } from 'jose';
import type { Config } from '../config/config.ts';
import { failingAs, type Checked, type Endpoint } from '../context/route.ts';
import type { Keys } from '../keys/keys.ts';
import type { Logger } from '../lib/log.ts';
import { AuthError } from './errors.ts';
import { parseParams, type ParamsSpec } from './params.ts';
import type { LimitName, RateLimiter } from './rate-limit.ts';
import type { AuthStore } from './store/index.ts';
import type { UserRow } from './store/rows.ts';
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

/** Who may call a route: anyone with a project API key (none on open routes), a user, an admin. */
export type Caller = 'public' | 'user' | 'admin';

/** A request signed in as a user: requireAuthentication's result. */
export interface UserSession {
  user: UserRow;
  claims: JWTPayload & Record<string, unknown>;
  /** The session of the token's session_id claim (absent in tokens minted without one). */
  sessionId: string | undefined;
  aal: string;
  /** The session started more than 24 hours ago (or there is none). */
  olderThanADay: boolean;
  token: string;
}

/** What a guard resolved: the caller, the session on user routes, what the rate limit took. */
export interface Access<C extends Caller> {
  caller: C;
  session: C extends 'user' ? UserSession : undefined;
  taken: { bucket: LimitName; keys: string[] } | undefined;
}

export interface Call<C extends Caller = 'public'> {
  deps: AuthDeps;
  /** The client's address as the gateway resolved it (rate limits and audit entries key on it). */
  ip: string;
  session: C extends 'user' ? UserSession : undefined;
}

/** An auth endpoint: its params from the path, query and body; the guard's access of caller C. */
export type AuthEndpoint<P, C extends Caller> = Endpoint<
  AuthDeps,
  Record<string, string>,
  P,
  Access<C>,
  AuthError
>;

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

/** A stage's AuthError as its typed failure; anything else is thrown on to the service. */
export const staged = <T>(stage: () => Promise<T> | T): Promise<Checked<T, AuthError>> =>
  failingAs(AuthError, stage);

function define<C extends Caller>() {
  return <S extends Spec>(
    spec: S,
    handle: (request: Request, params: Parsed<S>, call: Call<C>) => Promise<Response>,
  ): AuthEndpoint<Parsed<S>, C> => ({
    input: (_deps, { request }, path) =>
      staged(async () => (await parseParams(spec, { request, path })) as Parsed<S>),
    handle: (deps, { request, params, ip, access }) =>
      handle(request, params, { deps, ip, session: access.session }),
  });
}

/** An endpoint any holder of a project API key may call. */
export const endpoint = define<'public'>();
/** An endpoint for a signed-in user (requireAuthentication). */
export const userEndpoint = define<'user'>();
/** An endpoint of the admin API (requireAdminCredentials). */
export const adminEndpoint = define<'admin'>();

/**
 * An endpoint that answers only while a feature is on (`/passkeys`: [auth.passkey] enabled):
 * `isOn` throws the refusal, before the params are read.
 */
export function feature<P, C extends Caller>(
  isOn: (config: Config) => void,
  endpoint: AuthEndpoint<P, C>,
): AuthEndpoint<P, C> {
  return {
    input: async (deps, incoming, path, pattern) => {
      const on = await staged(() => isOn(deps.config));
      return on.ok ? endpoint.input(deps, incoming, path, pattern) : on;
    },
    handle: endpoint.handle,
  };
}

/** Answers that refuse a request without an error status (GET /verify's error redirect). */
const refusals = new WeakSet<Response>();

/** Marks an answer as a refusal, so it counts as a failed request (see rate-limit.ts). */
export function refusal(response: Response): Response {
  refusals.add(response);
  return response;
}

export function isRefusal(response: Response): boolean {
  return refusals.has(response);
}
