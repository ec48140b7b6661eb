// The REST service's one route table: everything under /rest/v1 goes through the pipeline
// (handle.ts); the path below the prefix names the table, /rpc/<fn>, or the root (OpenAPI).
import { Hono } from 'hono';
import type { ServiceEnv } from '../context/context.ts';
import { requestOf, resolveCaller, type ResolvedCaller } from '../context/caller.ts';
import type { ApiKey, Keys } from '../keys/keys.ts';
import { jwtError } from './errors.ts';
import { handleRest, type RestDeps } from './handle.ts';

const WITH_BODY = new Set(['POST', 'PATCH', 'PUT', 'DELETE']);

export function restRoutes(deps: RestDeps, keys: Keys): Hono<ServiceEnv> {
  const app = new Hono<ServiceEnv>();
  app.all('*', async (c) => {
    const url = new URL(c.req.url);
    const prefix = url.pathname.indexOf('/rest/v1');
    const path = prefix >= 0 ? url.pathname.slice(prefix + '/rest/v1'.length) : url.pathname;
    // Bytes stay bytes for a function's bytea parameter; everything else is text.
    const binary = c.req.header('content-type')?.startsWith('application/octet-stream');
    const body = !WITH_BODY.has(c.req.method)
      ? undefined
      : binary
        ? new Uint8Array(await c.req.arrayBuffer())
        : await c.req.text();
    return handleRest(
      deps,
      {
        method: c.req.method,
        path: path || '/',
        search: url.search,
        headers: c.req.raw.headers,
        body,
      },
      () => callerOf(c.req.raw, keys, c.get('apikey')),
    );
  });
  return app;
}

/** The caller the request runs as: PostgREST's anon role when it carries no credentials. */
async function callerOf(
  request: Request,
  keys: Keys,
  apikey: ApiKey | undefined,
): Promise<ResolvedCaller> {
  const resolved = await resolveCaller(request, keys, apikey);
  if (resolved.ok) return resolved.value;
  const { failure } = resolved;
  if (failure.kind === 'missing')
    return { ...requestOf(request), role: 'anon', claims: { role: 'anon' } };
  throw jwtError(failure);
}
