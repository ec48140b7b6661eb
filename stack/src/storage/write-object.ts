// Writing an object's bytes and row, for uploads, signed uploads, copies and seeding. Order of
// work: check the bucket's limits and ask RLS whether the caller may write (one round trip,
// before any byte of the body is read), stream the body to a staged file, publish the bytes
// under a fresh version that no row refers to yet, then in ONE transaction (one round trip)
// lock the key, write the row as the caller and commit; the replaced version's bytes are
// removed only after the commit. A failed, aborted or refused write leaves neither bytes nor a
// row, and never replaces the previous version; bytes published by a write that a crash
// stopped before its commit are swept at the next start (startup.ts).
import { randomUUID } from 'node:crypto';
import type { RequestView } from '../context/view.ts';
import type { StagedUpload } from './byte-store.ts';
import type { StorageDeps } from './deps.ts';
import { errors, StorageError } from './errors.ts';
import {
  mayHaveCommitted,
  type BucketLimits,
  type Caller,
  type ObjectMetadata,
  type ObjectWrite,
} from './store/store.ts';
import { readUploadBody, type UploadBody } from './upload-body.ts';
import { isEmptyFolderPlaceholder, mustBeAllowedMime, mustFitHostedKey } from './validate.ts';

export interface WriteTarget {
  bucket: string;
  key: string;
  /** Whose policies decide (the request's caller, or the service role for signed uploads). */
  caller: Caller;
  owner: string | undefined;
  upsert: boolean;
}

/** The bucket's limits; NoSuchBucket when there is no such bucket. */
export async function bucketLimits(deps: StorageDeps, bucket: string): Promise<BucketLimits> {
  const limits = await deps.store.findBucketLimits(bucket);
  if (!limits) throw errors.noSuchBucket();
  return limits;
}

/** The most bytes an object under `key` may have in this bucket. */
export function maxBytesFor(deps: StorageDeps, limits: BucketLimits, key: string): number {
  if (isEmptyFolderPlaceholder(key)) return 0;
  return Math.min(deps.globalLimit, limits.fileSizeLimit ?? Infinity);
}

/**
 * Throws unless the bucket takes an object of this type and size under this key: its allowed
 * MIME types (not for folder placeholders) and the smaller of its and the global size limit.
 */
export function mustFitBucket(
  deps: StorageDeps,
  limits: BucketLimits,
  key: string,
  mimetype: string,
  size: number,
): void {
  if (!isEmptyFolderPlaceholder(key)) mustBeAllowedMime(mimetype, limits.allowedMimeTypes);
  if (size > maxBytesFor(deps, limits, key)) throw errors.entityTooLarge();
}

/** The row a write would make, for asking RLS before any byte is read. */
export function probeWrite(
  target: WriteTarget,
  mimetype: string,
  userMetadata: Record<string, unknown> | null,
): ObjectWrite {
  return {
    bucket: target.bucket,
    key: target.key,
    owner: target.owner,
    upsert: target.upsert,
    version: randomUUID(),
    metadata: { eTag: '', size: 0, mimetype, contentLength: 0 },
    userMetadata,
  };
}

/** A body that ended because the client went away: a request error, not a server fault. */
function asClientAbort(error: unknown, request: Request): StorageError | undefined {
  if (error instanceof StorageError) return undefined;
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  const message = (error as Error | undefined)?.message ?? '';
  if (request.signal.aborted || code === 'ECONNRESET' || /aborted|premature close/i.test(message))
    return errors.invalidRequest('Request stream closed before upload could complete');
  return undefined;
}

/** Handles one upload request end to end; returns the object's id. */
export async function uploadObject(
  deps: StorageDeps,
  target: WriteTarget,
  incoming: RequestView,
): Promise<{ id: string }> {
  let body: UploadBody;
  try {
    body = await readUploadBody(incoming);
  } catch (error) {
    // A missing bucket is named before a body that does not parse.
    await bucketLimits(deps, target.bucket);
    throw error;
  }
  let staged: StagedUpload;
  try {
    const { limits, refused } = await deps.store.tryWrite(
      target.caller,
      probeWrite(target, body.mimeType, body.userMetadata ?? null),
    );
    if (!limits) throw errors.noSuchBucket();
    mustFitBucket(deps, limits, target.key, body.mimeType, body.declaredLength ?? 0);
    if (refused) throw refused;
    mustFitHostedKey(target.bucket, target.key);
    const maxBytes = maxBytesFor(deps, limits, target.key);
    staged = await deps.bytes.stage(body.chunks, maxBytes, () => errors.entityTooLarge());
  } catch (error) {
    await body.drain();
    throw asClientAbort(error, incoming.request) ?? error;
  }
  return commitStaged(deps, target, staged, body.mimeType, body.cacheControl, body.userMetadata);
}

/**
 * Writes `version` as the key's current version: `place` puts its bytes in place first (no row
 * refers to them yet), then store.writeObjectVersion commits the row. After the commit the
 * replaced bytes are removed; on any failure the new bytes are (`unplace`) and the previous
 * version stays, except when the commit's outcome is unknown: then the bytes stay, so a row that
 * did commit keeps them (if it did not, start-up sweeps them as bytes no row refers to).
 */
export async function commitVersion(
  deps: StorageDeps,
  target: WriteTarget,
  write: Omit<ObjectWrite, 'bucket' | 'key' | 'owner' | 'upsert'>,
  place: () => Promise<void>,
  unplace: () => Promise<void>,
): Promise<{ id: string }> {
  try {
    await place();
    const { id, replaced } = await deps.store.writeObjectVersion(target.caller, {
      ...write,
      bucket: target.bucket,
      key: target.key,
      owner: target.owner,
      upsert: target.upsert,
    });
    if (replaced && replaced !== write.version)
      await deps.bytes.remove([replaced]).catch(() => undefined);
    return { id };
  } catch (error) {
    if (!mayHaveCommitted(error)) await unplace().catch(() => undefined);
    throw error;
  }
}

/** Commits staged bytes as the key's new version (see commitVersion). */
export function commitStaged(
  deps: StorageDeps,
  target: WriteTarget,
  staged: StagedUpload,
  mimetype: string,
  cacheControl: string,
  userMetadata: Record<string, unknown> | undefined,
): Promise<{ id: string }> {
  const version = randomUUID();
  const metadata: ObjectMetadata = {
    eTag: staged.etag,
    size: staged.size,
    mimetype,
    cacheControl,
    lastModified: new Date().toUTCString(),
    contentLength: staged.size,
    httpStatusCode: 200,
  };
  let published = false;
  return commitVersion(
    deps,
    target,
    // Stored as {} when none was sent, as hosted Storage stores it.
    { version, metadata, userMetadata: { ...userMetadata } },
    async () => {
      await staged.publish(version);
      published = true;
    },
    async () => {
      await staged.discard();
      if (published) await deps.bytes.remove([version]);
    },
  );
}
