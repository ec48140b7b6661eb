// The Storage API (/storage/v1), as Supabase Storage serves it to storage-js: one route table;
// the work lives in buckets.ts, upload.ts, download.ts, objects.ts and signed-urls.ts. Bytes are
// kept by the local-disk byte store under <dataDir>/storage; metadata in storage.* as the caller.
import path from 'node:path';
import { Hono } from 'hono';
import type { ServiceEnv, StackContext } from '../context/context.ts';
import { callerOf, ownerOf, SERVICE_CALLER, type StorageDeps } from './access.ts';
import * as buckets from './buckets.ts';
import { createDiskStore } from './disk-store.ts';
import { findObject, findPublicObject, infoBody, serveObject } from './download.ts';
import { errors } from './errors.ts';
import { downloadParam, guarded, isHead, jsonBody, type Handler } from './http.ts';
import { bucketTarget, objectTarget } from './object-path.ts';
import {
  copyObject,
  listObjects,
  moveObject,
  removeObjects,
  transferParams,
  type ListParams,
} from './objects.ts';
import * as signed from './signed-urls.ts';
import { prepareStorage } from './startup.ts';
import { uploadObject } from './upload.ts';
import { mustBeValidBucketName } from './validate.ts';

export async function createStorageService(ctx: StackContext): Promise<Hono<ServiceEnv>> {
  const deps: StorageDeps = {
    ctx,
    db: ctx.db,
    store: await createDiskStore(path.join(ctx.dataDir, 'storage')),
    globalLimit: ctx.config.storage.fileSizeLimit,
    urlSigningSecret: new TextEncoder().encode(ctx.config.auth.jwtSecret),
  };
  await prepareStorage(deps);

  const app = new Hono<ServiceEnv>();
  const route = (method: string, pattern: string, handler: Handler) =>
    app.on(method, pattern, guarded(ctx, handler));

  // Buckets
  route('GET', '/bucket', async (c) =>
    c.json(await buckets.listBuckets(deps, await callerOf(c, deps), c.req.query())),
  );
  route('GET', '/bucket/:id', async (c) =>
    c.json(await buckets.getBucket(deps, await callerOf(c, deps), bucketTarget(c, 'bucket/'))),
  );
  route('POST', '/bucket', async (c) =>
    c.json(await buckets.createBucket(deps, await callerOf(c, deps), await jsonBody(c))),
  );
  route('PUT', '/bucket/:id', async (c) => {
    const id = bucketTarget(c, 'bucket/');
    await buckets.updateBucket(deps, await callerOf(c, deps), id, await jsonBody(c));
    return c.json({ message: 'Successfully updated' });
  });
  route('POST', '/bucket/:id/empty', async (c) => {
    const id = decodeURIComponent(c.req.param('id') ?? '');
    mustBeValidBucketName(id);
    await buckets.emptyBucket(deps, await callerOf(c, deps), id);
    return c.json({ message: 'Empty bucket has been queued. Completion may take up to an hour.' });
  });
  route('DELETE', '/bucket/:id', async (c) => {
    await buckets.deleteBucket(deps, await callerOf(c, deps), bucketTarget(c, 'bucket/'));
    return c.json({ message: 'Successfully deleted' });
  });

  // Listing, move, copy
  route('POST', '/object/list/:bucket', async (c) => {
    const bucket = bucketTarget(c, 'object/list/');
    const body = await jsonBody(c);
    if (typeof body.prefix !== 'string')
      throw errors.invalidRequest("body must have required property 'prefix'");
    return c.json(
      await listObjects(deps, await callerOf(c, deps), bucket, body as unknown as ListParams),
    );
  });
  route('POST', '/object/move', async (c) => {
    const body = transferParams(await jsonBody(c));
    const moved = await moveObject(deps, await callerOf(c, deps), body);
    return c.json({ message: 'Successfully moved', Id: moved.id, Key: moved.name });
  });
  route('POST', '/object/copy', async (c) => {
    const body = transferParams(await jsonBody(c));
    const upsert = c.req.header('x-upsert') === 'true';
    return c.json(await copyObject(deps, await callerOf(c, deps), { ...body, upsert }));
  });

  // Signed URLs (download: batch before single; upload)
  route('POST', '/object/sign/:bucket', async (c) => {
    const bucket = bucketTarget(c, 'object/sign/');
    const body = await jsonBody(c);
    const paths = body.paths;
    if (!Array.isArray(paths) || paths.some((p) => typeof p !== 'string'))
      throw errors.invalidRequest("body must have required property 'paths'");
    const expiresIn = signed.checkExpiresIn(body.expiresIn);
    return c.json(
      await signed.signDownloadUrls(
        deps,
        await callerOf(c, deps),
        bucket,
        paths as string[],
        expiresIn,
      ),
    );
  });
  route('POST', '/object/sign/:bucket/*', async (c) => {
    const { bucket, key } = objectTarget(c, 'object/sign/');
    const expiresIn = signed.checkExpiresIn((await jsonBody(c)).expiresIn);
    return c.json(
      await signed.signDownloadUrl(deps, await callerOf(c, deps), bucket, key, expiresIn),
    );
  });
  route('GET', '/object/sign/:bucket/*', async (c) => {
    const { bucket, key } = objectTarget(c, 'object/sign/');
    const token = await signed.verifyToken(deps, c.req.query('token'), bucket, key, 'download');
    const load = () => findObject(deps, SERVICE_CALLER, bucket, key);
    return serveObject(deps, c.req.raw, await load(), {
      download: downloadParam(c),
      expires: new Date((token.exp ?? 0) * 1000),
      head: isHead(c),
      refetch: load,
    });
  });
  route('POST', '/object/upload/sign/:bucket/*', async (c) => {
    const { bucket, key } = objectTarget(c, 'object/upload/sign/');
    const upsert = c.req.header('x-upsert') === 'true';
    return c.json(await signed.signUploadUrl(deps, await callerOf(c, deps), bucket, key, upsert));
  });
  route('PUT', '/object/upload/sign/:bucket/*', async (c) => {
    const { bucket, key } = objectTarget(c, 'object/upload/sign/');
    const token = await signed.verifyToken(deps, c.req.query('token'), bucket, key, 'upload');
    const target = {
      bucket,
      key,
      caller: SERVICE_CALLER,
      owner: token.owner,
      upsert: !!token.upsert,
    };
    await uploadObject(deps, target, c.req.raw);
    return c.json({ Key: `${bucket}/${key}` });
  });

  // Info and downloads
  for (const [prefix, access] of [
    ['object/info/public/', 'public'],
    ['object/info/authenticated/', 'caller'],
    ['object/info/', 'caller'],
  ] as const)
    route('GET', `/${prefix}:bucket/*`, async (c) => {
      const { bucket, key } = objectTarget(c, prefix);
      const row =
        access === 'public'
          ? await findPublicObject(deps, bucket, key)
          : await findObject(deps, await callerOf(c, deps), bucket, key);
      return c.json(infoBody(row));
    });
  route('GET', '/object/public/:bucket/*', async (c) => {
    const { bucket, key } = objectTarget(c, 'object/public/');
    const load = () => findPublicObject(deps, bucket, key);
    return serveObject(deps, c.req.raw, await load(), {
      download: downloadParam(c),
      head: isHead(c),
      refetch: load,
    });
  });
  for (const prefix of ['object/authenticated/', 'object/'])
    route('GET', `/${prefix}:bucket/*`, async (c) => {
      const { bucket, key } = objectTarget(c, prefix);
      const caller = await callerOf(c, deps);
      const load = () => findObject(deps, caller, bucket, key);
      return serveObject(deps, c.req.raw, await load(), {
        download: downloadParam(c),
        head: isHead(c),
        refetch: load,
      });
    });

  // Upload, replace, remove
  const upload =
    (upsertFromHeader: boolean): Handler =>
    async (c) => {
      const { bucket, key } = objectTarget(c, 'object/');
      const caller = await callerOf(c, deps);
      const upsert = upsertFromHeader ? c.req.header('x-upsert') === 'true' : true;
      const { id } = await uploadObject(
        deps,
        { bucket, key, caller, owner: ownerOf(caller), upsert },
        c.req.raw,
      );
      return c.json({ Id: id, Key: `${bucket}/${key}` });
    };
  route('POST', '/object/:bucket/*', upload(true));
  route('PUT', '/object/:bucket/*', upload(false));
  route('DELETE', '/object/:bucket', async (c) => {
    const bucket = bucketTarget(c, 'object/');
    const body = await jsonBody(c);
    const prefixes = Array.isArray(body.prefixes) ? (body.prefixes as unknown[]) : undefined;
    if (!prefixes || prefixes.length === 0)
      throw errors.invalidRequest("body must have required property 'prefixes'");
    if (prefixes.length > 1000)
      throw errors.invalidRequest('Bulk object requests are limited to 1000 objects per request.');
    const names = prefixes.map((p) =>
      typeof p === 'string' ? p : typeof p === 'object' && p && 'path' in p ? String(p.path) : '',
    );
    return c.json(await removeObjects(deps, await callerOf(c, deps), bucket, names));
  });
  route('DELETE', '/object/:bucket/*', async (c) => {
    const { bucket, key } = objectTarget(c, 'object/');
    const removed = await removeObjects(deps, await callerOf(c, deps), bucket, [key]);
    if (removed.length === 0) throw errors.noSuchKey();
    return c.json({ message: 'Successfully deleted' });
  });

  return app;
}
