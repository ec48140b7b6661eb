// The REST service (/rest/v1): PostgREST's API over the exposed schemas. Owns the schema cache —
// loaded at start, reloaded on NOTIFY pgrst ('reload schema' / 'reload config') and, as
// PostgREST does, after the database connection comes back (notifications may have been lost) —
// and hands it to the pipeline through RestDeps, never through a global. Without a cache (the
// database went away before the first load) requests get PGRST002 until a retry succeeds.
import type { StackContext } from '../context/context.ts';
import type { Routes } from '../context/route.ts';
import { isDatabaseUnavailable } from '../db/unavailable.ts';
import { withJwtCache } from '../keys/jwt-cache.ts';
import { noSchemaCache } from './errors.ts';
import type { QueryHook } from './execute.ts';
import { restRoutes, type RestRouteDeps } from './routes.ts';
import { loadSchemaCache } from './schema/load.ts';
import type { SchemaCache } from './schema/types.ts';

export interface RestServiceOptions {
  /** Sees every statement sent to the database (tests). */
  onQuery?: QueryHook;
}

const MIN_REFRESH_MS = 1000;
const RETRY_MIN_MS = 500;
const RETRY_MAX_MS = 10_000;

export async function createRestService(
  ctx: StackContext,
  options: RestServiceOptions = {},
): Promise<Routes> {
  const schemas = ctx.config.api.schemas.length ? ctx.config.api.schemas : ['public'];
  let cache: SchemaCache | undefined;
  let lastLoad = 0;
  let loading: Promise<void> | undefined;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  let retryMs = RETRY_MIN_MS;
  const reload = () => {
    if (stopped) return Promise.resolve();
    loading ??= loadSchemaCache(ctx.db, schemas)
      .then((fresh) => {
        cache = fresh;
        lastLoad = Date.now();
        retryMs = RETRY_MIN_MS;
      })
      .catch((error: unknown) => {
        if (stopped) return;
        if (!isDatabaseUnavailable(error))
          return ctx.log.error('rest: schema cache reload failed', error);
        // Without any cache, keep trying (with back-off) until the database answers.
        if (!cache && !retry) {
          retry = setTimeout(() => {
            retry = undefined;
            void reload();
          }, retryMs);
          retryMs = Math.min(RETRY_MAX_MS, retryMs * 2);
        }
      })
      .finally(() => {
        loading = undefined;
      });
    return loading;
  };
  await reload();
  const unlisten = await ctx.db.listen(
    'pgrst',
    (payload) => {
      const what = payload.trim();
      if (what === '' || what === 'reload schema' || what === 'reload config') void reload();
    },
    { onReconnect: () => void reload() },
  );
  ctx.onStop(() => {
    stopped = true;
    clearTimeout(retry);
    return unlisten();
  });
  const deps: RestRouteDeps = {
    db: ctx.db,
    schemas,
    extraSearchPath: ctx.config.api.extraSearchPath,
    maxRows: ctx.config.api.maxRows > 0 ? ctx.config.api.maxRows : undefined,
    cache: () => cache ?? noSchemaCache(),
    async refresh() {
      if (Date.now() - lastLoad < MIN_REFRESH_MS) return undefined;
      await reload();
      return cache;
    },
    onQuery: options.onQuery,
    log: ctx.log,
    // Read at request time: with port 0 the URL is only known once the server listens.
    get apiUrl() {
      return ctx.apiUrl;
    },
    keys: withJwtCache(ctx.keys),
  };
  return restRoutes(deps);
}
