// Object operations other than upload and download: list (storage.search as the caller), move,
// copy and remove. Each runs its metadata work as the caller, so RLS decides; bytes of removed or
// replaced versions are deleted only after the transaction commits.
import { randomUUID } from 'node:crypto';
import type { Caller } from '../db/as-caller.ts';
import { allowDeletes, ownerOf, runAs, type StorageDeps } from './access.ts';
import { findObject } from './download.ts';
import { errors } from './errors.ts';
import { commitVersion } from './upload.ts';
import { mustBeValidBucketName, mustBeValidKey } from './validate.ts';

export interface ListParams {
  prefix: string;
  limit?: number;
  offset?: number;
  search?: string;
  sortBy?: { column?: string; order?: string };
}

export async function listObjects(
  deps: StorageDeps,
  caller: Caller,
  bucket: string,
  params: ListParams,
): Promise<unknown[]> {
  let prefix = params.prefix;
  if (prefix.length > 0 && !prefix.endsWith('/')) prefix = `${prefix}/`;
  const search = params.search ?? '';
  const { rows } = await runAs(deps.db, caller, (tx) =>
    tx.query('select * from storage.search($1, $2, $3, $4, $5, $6, $7, $8)', [
      prefix,
      bucket,
      params.limit ?? 100,
      (prefix + search).split('/').length,
      params.offset ?? 0,
      search,
      params.sortBy?.column ?? 'name',
      params.sortBy?.order ?? 'asc',
    ]),
  );
  return rows;
}

export interface MoveParams {
  bucketId: string;
  sourceKey: string;
  destinationKey: string;
  destinationBucket?: string;
}

function checkTransfer(params: MoveParams): string {
  mustBeValidBucketName(params.bucketId);
  const destinationBucket = params.destinationBucket || params.bucketId;
  mustBeValidBucketName(destinationBucket);
  mustBeValidKey(params.sourceKey);
  mustBeValidKey(params.destinationKey);
  return destinationBucket;
}

/** Renames the row (bytes are addressed by version, so they stay where they are). */
export async function moveObject(
  deps: StorageDeps,
  caller: Caller,
  params: MoveParams,
): Promise<{ id: string; name: string }> {
  const destinationBucket = checkTransfer(params);
  const [owner, ownerId] = [ownerOf(caller), ownerOf(caller)];
  const { rows } = await runAs(deps.db, caller, async (tx) => {
    const found = await tx.query(
      'select 1 from storage.objects where bucket_id = $1 and name = $2',
      [params.bucketId, params.sourceKey],
    );
    if (found.rows.length === 0) throw errors.noSuchKey();
    return tx.query<{ id: string; name: string }>(
      `update storage.objects
          set name = $3, bucket_id = $4,
              owner = case when $5::text ~* '^[0-9a-f-]{36}$' then $5::uuid else null end,
              owner_id = $6
        where bucket_id = $1 and name = $2
        returning id, name`,
      [
        params.bucketId,
        params.sourceKey,
        params.destinationKey,
        destinationBucket,
        owner ?? null,
        ownerId ?? null,
      ],
    );
  });
  if (!rows[0]) throw errors.noSuchKey();
  return rows[0];
}

export interface CopyParams extends MoveParams {
  copyMetadata?: boolean;
  metadata?: { cacheControl?: string; mimetype?: string; contentType?: string };
  upsert: boolean;
}

/** Copies the bytes to a new version, then writes the destination row as the caller. */
export async function copyObject(
  deps: StorageDeps,
  caller: Caller,
  params: CopyParams,
): Promise<Record<string, unknown>> {
  const destinationBucket = checkTransfer(params);
  const source = await findObject(deps, caller, params.bucketId, params.sourceKey);
  if (!source.version) throw errors.noSuchKey();
  const version = randomUUID();
  const copyMeta = params.copyMetadata ?? true;
  const metadata = {
    ...(source.metadata ?? {}),
    ...(copyMeta
      ? {}
      : {
          cacheControl: params.metadata?.cacheControl ?? source.metadata?.cacheControl,
          mimetype:
            params.metadata?.mimetype ?? params.metadata?.contentType ?? source.metadata?.mimetype,
        }),
    lastModified: new Date().toUTCString(),
  };
  const target = {
    bucket: destinationBucket,
    key: params.destinationKey,
    caller,
    owner: ownerOf(caller),
    upsert: params.upsert,
  };
  const { id } = await commitVersion(
    deps,
    target,
    version,
    metadata,
    copyMeta ? source.user_metadata : null,
    () => deps.store.copy(source.version!, version),
    () => deps.store.remove([version]),
  );
  return {
    Id: id,
    Key: `${destinationBucket}/${params.destinationKey}`,
    id,
    name: params.destinationKey,
    bucket_id: destinationBucket,
    version,
    metadata,
  };
}

/** The body of POST /object/move and /object/copy, required fields checked. */
export function transferParams(body: Record<string, unknown>): Omit<CopyParams, 'upsert'> {
  for (const field of ['bucketId', 'sourceKey', 'destinationKey'])
    if (typeof body[field] !== 'string')
      throw errors.invalidRequest(`body must have required property '${field}'`);
  return {
    bucketId: body.bucketId as string,
    sourceKey: body.sourceKey as string,
    destinationKey: body.destinationKey as string,
    destinationBucket:
      typeof body.destinationBucket === 'string' ? body.destinationBucket : undefined,
    copyMetadata: typeof body.copyMetadata === 'boolean' ? body.copyMetadata : undefined,
    metadata:
      body.metadata && typeof body.metadata === 'object'
        ? (body.metadata as CopyParams['metadata'])
        : undefined,
  };
}

const DELETED_COLUMNS = `bucket_id, name, owner, owner_id, id, updated_at, created_at,
  last_accessed_at, metadata, user_metadata, version`;

/** Removes the named objects the caller may delete; returns their rows. */
export async function removeObjects(
  deps: StorageDeps,
  caller: Caller,
  bucket: string,
  names: string[],
): Promise<Record<string, unknown>[]> {
  const { rows } = await runAs(deps.db, caller, async (tx) => {
    await allowDeletes(tx);
    return tx.query<Record<string, unknown> & { version: string | null }>(
      `delete from storage.objects where bucket_id = $1 and name = any($2::text[])
       returning ${DELETED_COLUMNS}`,
      [bucket, names],
    );
  });
  const versions = rows.map((r) => r.version).filter((v): v is string => !!v);
  await deps.store.remove(versions).catch(() => undefined);
  return rows;
}

/** Removes every object of a bucket (as Storage's super user; the caller must see the bucket). */
export async function emptyBucketObjects(deps: StorageDeps, bucket: string): Promise<void> {
  const { rows } = await deps.db.transaction(async (tx) => {
    await allowDeletes(tx);
    return tx.query<{ version: string | null }>(
      'delete from storage.objects where bucket_id = $1 returning version',
      [bucket],
    );
  });
  await deps.store
    .remove(rows.map((r) => r.version).filter((v): v is string => !!v))
    .catch(() => undefined);
}
