// Object endpoints other than upload, download and listing: move, copy and remove. Metadata work runs as the caller, so RLS decides; bytes of removed or
// replaced versions are deleted only after the transaction commits.
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { StorageDeps } from '../deps.ts';
import { errors } from '../errors.ts';
import { endpoint } from '../http/endpoint.ts';
import {
  bucketName,
  bucketPath,
  input,
  objectKey,
  objectPath,
  rule,
  upsertHeader,
} from '../http/params.ts';
import { ownerOf } from '../owner.ts';
import type { Caller, ObjectMetadata } from '../store/store.ts';
import { mustBeValidBucketName, mustFitHostedKey } from '../validate.ts';
import { commitVersion, mustFitBucket } from '../write-object.ts';
import { findObjectOrFail } from './read.ts';

const transferBody = z.object({
  bucketId: bucketName,
  sourceKey: objectKey,
  destinationKey: objectKey,
  destinationBucket: z
    .string()
    .optional()
    .transform(
      rule((name) => {
        if (name) mustBeValidBucketName(name);
        return name || undefined;
      }),
    ),
  copyMetadata: z.boolean().optional(),
  metadata: z
    .object({
      cacheControl: z.string().optional(),
      mimetype: z.string().optional(),
      contentType: z.string().optional(),
    })
    .optional(),
});

const transferParams = input(
  { headers: upsertHeader, body: transferBody },
  ({ headers, body }) => ({
    from: { bucket: body.bucketId, key: body.sourceKey },
    to: { bucket: body.destinationBucket ?? body.bucketId, key: body.destinationKey },
    copyMetadata: body.copyMetadata ?? true,
    metadata: body.metadata,
    upsert: headers['x-upsert'],
  }),
);

/**
 * Throws unless the destination bucket takes an object with this metadata (as an upload of it
 * would be checked) and the name fits hosted Storage's key. A missing bucket is left to the
 * database to report, as before.
 */
async function destinationCheck(
  deps: StorageDeps,
  to: { bucket: string; key: string },
): Promise<(metadata: Partial<ObjectMetadata>) => void> {
  const limits = await deps.store.findBucketLimits(to.bucket);
  return (metadata) => {
    if (limits) {
      const mimetype = metadata.mimetype ?? 'application/octet-stream';
      mustFitBucket(deps, limits, to.key, mimetype, Number(metadata.size ?? 0));
    }
    mustFitHostedKey(to.bucket, to.key);
  };
}

/** Renames the row (bytes are addressed by version, so they stay where they are). */
export const moveObject = endpoint(
  transferParams,
  async (deps, { params: { from, to }, access: { caller } }) => {
    const accept = await destinationCheck(deps, to);
    const moved = await deps.store.moveObject(
      caller,
      from,
      { ...to, owner: ownerOf(caller) },
      accept,
    );
    if (!moved) throw errors.noSuchKey();
    return Response.json({ message: 'Successfully moved', Id: moved.id, Key: moved.name });
  },
);

/** Copies the bytes to a new version, then writes the destination row as the caller. */
export const copyObject = endpoint(transferParams, async (deps, { params, access: { caller } }) => {
  const { from, to, copyMetadata, metadata: given, upsert } = params;
  const source = await findObjectOrFail(deps, caller, from.bucket, from.key);
  const sourceVersion = source.version;
  if (!sourceVersion) throw errors.noSuchKey();
  const version = randomUUID();
  const metadata = {
    ...(source.metadata ?? {}),
    ...(copyMetadata
      ? {}
      : {
          cacheControl: given?.cacheControl ?? source.metadata?.cacheControl,
          mimetype: given?.mimetype ?? given?.contentType ?? source.metadata?.mimetype,
        }),
    lastModified: new Date().toUTCString(),
  };
  (await destinationCheck(deps, to))(metadata);
  const target = { ...to, caller, owner: ownerOf(caller), upsert };
  const { id } = await commitVersion(
    deps,
    target,
    { version, metadata, userMetadata: copyMetadata ? source.user_metadata : null },
    () => deps.bytes.copy(sourceVersion, version),
    () => deps.bytes.remove([version]),
  );
  return Response.json({
    Id: id,
    Key: `${to.bucket}/${to.key}`,
    id,
    name: to.key,
    bucket_id: to.bucket,
    version,
    metadata,
  });
});

const PREFIXES_REQUIRED = "body must have required property 'prefixes'";

const removeObjectsParams = input(
  {
    params: bucketPath,
    body: z.object({
      prefixes: z
        .array(z.unknown(), { error: PREFIXES_REQUIRED })
        .min(1, { error: PREFIXES_REQUIRED })
        .transform(
          rule((prefixes) => {
            if (prefixes.length > 1000)
              throw errors.invalidRequest(
                'Bulk object requests are limited to 1000 objects per request.',
              );
            return prefixes.map((p) =>
              typeof p === 'string'
                ? p
                : typeof p === 'object' && p && 'path' in p
                  ? String(p.path)
                  : '',
            );
          }),
        ),
    }),
  },
  ({ params, body }) => ({ bucket: params.bucket, names: body.prefixes }),
);

async function remove(deps: StorageDeps, caller: Caller, bucket: string, names: string[]) {
  const rows = await deps.store.deleteObjects(caller, bucket, names);
  const versions = rows.map((r) => r.version).filter((v): v is string => !!v);
  await deps.bytes.remove(versions).catch(() => undefined);
  return rows;
}

/** Removes the named objects the caller may delete; answers with their rows. */
export const removeObjects = endpoint(
  removeObjectsParams,
  async (deps, { params: { bucket, names }, access: { caller } }) =>
    Response.json(await remove(deps, caller, bucket, names)),
);

const removeObjectParams = input({ params: objectPath }, ({ params }) => params);

export const removeObject = endpoint(
  removeObjectParams,
  async (deps, { params: { bucket, key }, access: { caller } }) => {
    const removed = await remove(deps, caller, bucket, [key]);
    if (removed.length === 0) throw errors.noSuchKey();
    return Response.json({ message: 'Successfully deleted' });
  },
);
