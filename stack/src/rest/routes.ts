// The REST service's route table (under /rest/v1, behind the gateway's API-key check), in the
// stack's one route shape (context/route.ts). One row: every method on every path goes through
// the pipeline (handle.ts), which reads from the path below the prefix whether it names a table,
// /rpc/<fn> or the root (OpenAPI), and answers a method a path does not take with PostgREST's
// own PGRST101/PGRST117. The guard's failure (a bearer token that names no caller) and anything
// a stage threw are answered in PostgREST's shape.
import {
  requestOf,
  resolveCaller,
  type ResolvedCaller,
  type TokenFailure,
} from '../context/caller.ts';
import {
  route,
  routeTable,
  type Checked,
  type Endpoint,
  type Guard,
  type Routes,
} from '../context/route.ts';
import type { Keys } from '../keys/keys.ts';
import { after } from '../lib/after.ts';
import { jwtError } from './errors.ts';
import { handleRest, toRestError, type RestDeps } from './handle.ts';
import type { RawRequest } from './parse/request.ts';
import { errorResponse } from './respond.ts';

export interface RestRouteDeps extends RestDeps {
  keys: Pick<Keys, 'identifyApiKey' | 'verify'>;
}

const PREFIX = '/rest/v1';
const WITH_BODY = new Set(['POST', 'PATCH', 'PUT', 'DELETE']);

/**
 * Who the request runs as: the bearer token, else the API key's role, else — no credentials at
 * all — PostgREST's anon role. Only a token that names no caller fails.
 */
const restCaller: Guard<RestRouteDeps, ResolvedCaller, TokenFailure> = {
  name: 'bearer token or API key, else anon',
  check: ({ keys }, incoming) =>
    after(resolveCaller(incoming, keys), (resolved): Checked<ResolvedCaller, TokenFailure> => {
      if (resolved.ok) return resolved;
      const { failure } = resolved;
      if (failure.kind !== 'missing') return { ok: false, failure };
      const anon = { ...requestOf(incoming), role: 'anon', claims: { role: 'anon' } };
      return { ok: true, value: anon };
    }),
};

/** The body: bytes stay bytes for a function's bytea parameter; everything else is text. */
async function withBody(raw: RawRequest, request: Request): Promise<Checked<RawRequest, never>> {
  const binary = raw.headers['content-type']?.startsWith('application/octet-stream');
  raw.body = binary ? new Uint8Array(await request.arrayBuffer()) : await request.text();
  return { ok: true, value: raw };
}

/**
 * The request as the pipeline reads it — method, path below /rest/v1, query string, headers and
 * body — left unparsed: parse errors come after the caller's (handle.ts), as in PostgREST.
 */
const restRequest: Endpoint<RestRouteDeps, unknown, RawRequest, ResolvedCaller, never> = {
  input(_deps, { request, url: parsed, headerRecord }) {
    const url = parsed();
    const at = url.pathname.indexOf(PREFIX);
    const path = at >= 0 ? url.pathname.slice(at + PREFIX.length) : url.pathname;
    const raw: RawRequest = {
      method: request.method,
      path: path || '/',
      search: url.search,
      headers: headerRecord(),
    };
    return WITH_BODY.has(request.method) ? withBody(raw, request) : { ok: true, value: raw };
  },
  handle: (deps, { params, access }) => handleRest(deps, params, access),
};

// prettier-ignore
export const ROUTES = [
  //     method  path   guard       endpoint
  route('ALL',   '/*',  restCaller, restRequest),
];

export function restRoutes(deps: RestRouteDeps): Routes {
  return routeTable(deps, ROUTES, {
    failure: (failure) => errorResponse(jwtError(failure)),
    thrown: (error, _incoming, { log }) => errorResponse(toRestError(error, false, log)),
  });
}
