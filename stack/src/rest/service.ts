// The REST service (/rest/v1): PostgREST's API over the exposed schemas. Owns the schema cache —
// loaded at start, reloaded on NOTIFY pgrst ('reload schema' / 'reload config') — and hands it to
// the pipeline through RestDeps, never through a global.
import type { Hono } from 'hono';
import type { ServiceEnv, StackContext } from '../context/context.ts';
import type { QueryHook } from './execute.ts';
import type { RestDeps } from './handle.ts';
import { withJwtCache } from './jwt-cache.ts';
import { restRoutes } from './routes.ts';
import { loadSchemaCache } from './schema/load.ts';
import type { SchemaCache } from './schema/types.ts';

export interface RestServiceOptions {
  /** Sees every statement sent to the database (tests). */
  onQuery?: QueryHook;
}

const MIN_REFRESH_MS = 1000;

export async function createRestService(
  ctx: StackContext,
  options: RestServiceOptions = {},
): Promise<Hono<ServiceEnv>> {
  const schemas = ctx.config.api.schemas.length ? ctx.config.api.schemas : ['public'];
  let cache: SchemaCache = await loadSchemaCache(ctx.db, schemas);
  let lastLoad = Date.now();
  let loading: Promise<void> | undefined;
  let stopped = false;
  const reload = () => {
    if (stopped) return Promise.resolve();
    loading ??= loadSchemaCache(ctx.db, schemas)
      .then((fresh) => {
        cache = fresh;
        lastLoad = Date.now();
      })
      .catch((error: unknown) => {
        if (!stopped) ctx.log.error('rest: schema cache reload failed', error);
      })
      .finally(() => {
        loading = undefined;
      });
    return loading;
  };
  const unlisten = await ctx.db.listen('pgrst', (payload) => {
    const what = payload.trim();
    if (what === '' || what === 'reload schema' || what === 'reload config') void reload();
  });
  ctx.onStop(() => {
    stopped = true;
    return unlisten();
  });
  const deps: RestDeps = {
    db: ctx.db,
    schemas,
    extraSearchPath: ctx.config.api.extraSearchPath,
    maxRows: ctx.config.api.maxRows > 0 ? ctx.config.api.maxRows : undefined,
    cache: () => cache,
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
  };
  return restRoutes(deps, withJwtCache(ctx.keys));
}
