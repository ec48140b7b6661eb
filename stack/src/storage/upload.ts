// Uploads (POST, PUT / x-upsert, signed upload URLs). Order of work: validate the target and the
// bucket's limits, ask RLS whether the caller may write (before any byte is read), stream the
// body to a temp file, then in ONE transaction lock the key, write the row as the caller and
// publish the bytes under a fresh version; the previous version's bytes are removed only after
// the commit. A failed, aborted or rejected upload leaves neither bytes nor a row.
import { randomUUID } from 'node:crypto';
import type { Queryable } from '../db/adapter.ts';
import { setCaller, type Caller } from '../db/as-caller.ts';
import { bucketLimits, ownerColumns, testPermission, type StorageDeps } from './access.ts';
import type { StagedUpload } from './byte-store.ts';
import { errors, fromDatabaseError, StorageError } from './errors.ts';
import { readUploadBody } from './upload-body.ts';
import { isEmptyFolderPlaceholder, mustBeAllowedMime } from './validate.ts';

export interface UploadTarget {
  bucket: string;
  key: string;
  /** Whose policies decide (the request's caller, or the service role for signed uploads). */
  caller: Caller;
  owner: string | undefined;
  upsert: boolean;
}

export interface ObjectMetadata {
  eTag: string;
  size: number;
  mimetype: string;
  cacheControl: string;
  lastModified: string;
  contentLength: number;
  httpStatusCode: number;
}

const INSERT = `insert into storage.objects
  (id, bucket_id, name, owner, owner_id, metadata, user_metadata, version)
  values ($1, $2, $3, $4, $5, $6, $7, $8)`;
const UPSERT = `${INSERT}
  on conflict (name, bucket_id) do update set
    metadata = excluded.metadata, user_metadata = excluded.user_metadata,
    version = excluded.version, owner = excluded.owner, owner_id = excluded.owner_id
  returning id`;

/** Writes the row as the caller (insert, or upsert which also needs select/update policies). */
export async function writeRow(
  tx: Queryable,
  target: UploadTarget,
  id: string,
  version: string,
  metadata: unknown,
  userMetadata: unknown,
): Promise<string> {
  const [owner, ownerId] = ownerColumns(target.owner);
  const params = [id, target.bucket, target.key, owner, ownerId, metadata, userMetadata, version];
  try {
    if (!target.upsert) {
      await tx.query(INSERT, params);
      return id;
    }
    const { rows } = await tx.query<{ id: string }>(UPSERT, params);
    return rows[0]?.id ?? id;
  } catch (error) {
    const mapped = fromDatabaseError(error);
    if (mapped?.code === 'ResourceAlreadyExists') throw errors.keyAlreadyExists();
    throw mapped ?? error;
  }
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
  target: UploadTarget,
  request: Request,
): Promise<{ id: string }> {
  const bucket = await bucketLimits(deps.db, target.bucket);
  const placeholder = isEmptyFolderPlaceholder(target.key);
  const bucketLimit = bucket.file_size_limit === null ? Infinity : Number(bucket.file_size_limit);
  const maxBytes = placeholder ? 0 : Math.min(deps.globalLimit, bucketLimit);
  const body = await readUploadBody(request);
  let staged: StagedUpload;
  try {
    if (!placeholder) mustBeAllowedMime(body.mimeType, bucket.allowed_mime_types);
    if (body.declaredLength !== undefined && body.declaredLength > maxBytes)
      throw errors.entityTooLarge();
    const probe = { eTag: '', size: 0, mimetype: body.mimeType, contentLength: 0 };
    await testPermission(deps.db, target.caller, (tx) =>
      writeRow(tx, target, randomUUID(), randomUUID(), probe, body.userMetadata ?? null),
    );
    staged = await deps.store.stage(body.chunks, maxBytes, () => errors.entityTooLarge());
  } catch (error) {
    await body.drain();
    throw asClientAbort(error, request) ?? error;
  }
  return commitUpload(deps, target, staged, body.mimeType, body.cacheControl, body.userMetadata);
}

/**
 * Writes `version` as the key's current version in one transaction: lock the key, note the
 * previous version (read past RLS), write the row as the caller, then `place` the bytes (still
 * invisible, the row is not committed). After the commit the previous bytes are removed; on any
 * failure the new bytes are (`unplace`) and the previous version stays.
 */
export async function commitVersion(
  deps: StorageDeps,
  target: UploadTarget,
  version: string,
  metadata: unknown,
  userMetadata: unknown,
  place: () => Promise<void>,
  unplace: () => Promise<void>,
): Promise<{ id: string }> {
  let previous: string | undefined;
  try {
    const id = await deps.db.transaction(async (tx) => {
      await tx.query('select pg_advisory_xact_lock(hashtextextended($1, 0))', [
        `${target.bucket}/${target.key}`,
      ]);
      const prev = await tx.query<{ version: string | null }>(
        'select version from storage.objects where bucket_id = $1 and name = $2',
        [target.bucket, target.key],
      );
      previous = prev.rows[0]?.version ?? undefined;
      await setCaller(tx, target.caller);
      const objectId = await writeRow(tx, target, randomUUID(), version, metadata, userMetadata);
      await place();
      return objectId;
    });
    if (previous && previous !== version)
      await deps.store.remove([previous]).catch(() => undefined);
    return { id };
  } catch (error) {
    await unplace().catch(() => undefined);
    throw error instanceof StorageError ? error : (fromDatabaseError(error) ?? error);
  }
}

/** Commits staged bytes as the key's new version (see commitVersion). */
export function commitUpload(
  deps: StorageDeps,
  target: UploadTarget,
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
    version,
    metadata,
    userMetadata ?? null,
    async () => {
      await staged.publish(version);
      published = true;
    },
    async () => {
      await staged.discard();
      if (published) await deps.store.remove([version]);
    },
  );
}
