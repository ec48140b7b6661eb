// The Storage API (/storage/v1), as Supabase Storage serves it to storage-js. A request goes
// through one pipeline (http/route.ts): its parts are validated into typed params, its route's
// guard decides who may act, its handler (handlers/) does the work through two ports — the
// database store (store/: every SQL statement, run as the caller so RLS decides) and the byte
// store (byte-store.ts: bytes on the local disk under <dataDir>/storage, by version).
import path from 'node:path';
import { Hono } from 'hono';
import type { ServiceEnv, StackContext } from '../context/context.ts';
import { withJwtCache } from '../keys/jwt-cache.ts';
import type { StorageDeps } from './deps.ts';
import { createDiskStore } from './disk-store.ts';
import { mountRoutes } from './http/route.ts';
import { ROUTES } from './routes.ts';
import { prepareStorage } from './startup.ts';
import { createStorageStore } from './store/store.ts';

export async function createStorageService(ctx: StackContext): Promise<Hono<ServiceEnv>> {
  const deps: StorageDeps = {
    ctx,
    keys: withJwtCache(ctx.keys),
    store: createStorageStore(ctx.db),
    bytes: await createDiskStore(path.join(ctx.dataDir, 'storage')),
    globalLimit: ctx.config.storage.fileSizeLimit,
    urlSigningSecret: new TextEncoder().encode(ctx.config.auth.jwtSecret),
  };
  await prepareStorage(deps);
  const app = new Hono<ServiceEnv>();
  mountRoutes(app, ROUTES, deps);
  return app;
}
