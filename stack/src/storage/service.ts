// The Storage API (/storage/v1), as Supabase Storage serves it to storage-js. Its table
// (routes.ts) is mounted in the stack's one route shape (context/route.ts): a request's parts
// are validated into typed params (http/endpoint.ts), its route's guard decides who may act
// (http/guards.ts), its handler (handlers/) does the work through two ports — the database
// store (store/: every SQL statement, run as the caller so RLS decides) and the byte store
// (byte-store.ts: bytes on the local disk under <dataDir>/storage, by version). Every failure is
// answered in Storage's error shape; unknown causes are logged and sent as 500.
import path from 'node:path';
import type { StackContext } from '../context/context.ts';
import { routeTable, type Incoming, type Routes } from '../context/route.ts';
import { withJwtCache } from '../keys/jwt-cache.ts';
import type { StorageDeps } from './deps.ts';
import { createDiskStore } from './disk-store.ts';
import { errorResponse, StorageError, toStorageError } from './errors.ts';
import { ROUTES } from './routes.ts';
import { prepareStorage } from './startup.ts';
import { createStorageStore } from './store/store.ts';
import { drainUnread } from './upload-body.ts';

/** A refused request: the client may finish sending (e.g. a refused upload), then reads why. */
async function failure(error: StorageError, incoming: Incoming): Promise<Response> {
  await drainUnread(incoming);
  return errorResponse(error);
}

/** What a stage threw: a StorageError is answered as it says; any other cause is a logged 500. */
async function thrown(error: unknown, incoming: Incoming, deps: StorageDeps): Promise<Response> {
  const storageError = toStorageError(error);
  if (!(error instanceof StorageError) && storageError.status >= 500) {
    const { method, url } = incoming.request;
    deps.ctx.log.error(`storage: ${method} ${new URL(url).pathname} failed`, error);
  }
  return failure(storageError, incoming);
}

export async function createStorageService(ctx: StackContext): Promise<Routes> {
  const deps: StorageDeps = {
    ctx,
    keys: withJwtCache(ctx.keys),
    store: createStorageStore(ctx.db),
    bytes: await createDiskStore(path.join(ctx.dataDir, 'storage')),
    globalLimit: ctx.config.storage.fileSizeLimit,
    urlSigningSecret: new TextEncoder().encode(ctx.config.auth.jwtSecret),
  };
  await prepareStorage(deps);
  return routeTable(deps, ROUTES, { failure, thrown });
}
