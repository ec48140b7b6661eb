// Bucket endpoints: list, get, create, update, empty, delete. Row-level security on
// storage.buckets decides who may do what (by default only the service role); limits are
// validated as Supabase Storage validates them.
import { z } from 'zod';
import { endpoint } from '../http/endpoint.ts';
import { bucketName, input, rule } from '../http/params.ts';
import { errors } from '../errors.ts';
import { ownerOf } from '../owner.ts';
import { bucketSizeLimit, mustBeValidBucketName, mustBeValidMimePatterns } from '../validate.ts';

const idPath = z.object({ id: bucketName });

const message = (text: string) => Response.json({ message: text });

const listBucketsParams = input(
  {
    querystring: z.object({
      limit: z.coerce.number().int().min(1).optional(),
      offset: z.coerce.number().int().min(0).optional(),
      sortColumn: z.enum(['id', 'name', 'created_at', 'updated_at']).optional(),
      sortOrder: z
        .string()
        .optional()
        .transform((order) => (order?.toLowerCase() === 'desc' ? 'desc' : 'asc')),
      search: z.string().optional(),
    }),
  },
  ({ querystring }) => querystring,
);

export const listBuckets = endpoint(listBucketsParams, async (deps, { params, access }) =>
  Response.json(await deps.store.listBuckets(access.caller, params)),
);

const bucketParams = input({ params: idPath }, ({ params }) => params);

export const getBucket = endpoint(bucketParams, async (deps, { params: { id }, access }) => {
  const bucket = await deps.store.findBucket(access.caller, id);
  if (!bucket) throw errors.noSuchBucket();
  return Response.json(bucket);
});

/** file_size_limit: bytes (a number or "20MB"), or null for none. */
const sizeLimit = z
  .unknown()
  .optional()
  .transform(rule((value) => bucketSizeLimit(value, Infinity)));

/** allowed_mime_types: patterns such as "image/*"; empty strings are dropped. */
const mimeTypes = z
  .array(z.string())
  .nullable()
  .optional()
  .transform(
    rule((types) => {
      const kept = types?.filter((type) => type);
      if (kept) mustBeValidMimePatterns(kept);
      return types === null ? null : kept;
    }),
  );

const bucketFields = {
  public: z.boolean().optional(),
  file_size_limit: sizeLimit,
  allowed_mime_types: mimeTypes,
};

const createBucketParams = input(
  {
    body: z.object({
      name: bucketName,
      id: z
        .string()
        .optional()
        .transform(
          rule((id) => {
            if (id) mustBeValidBucketName(id);
            return id;
          }),
        ),
      ...bucketFields,
    }),
  },
  ({ body }) => ({ ...body, id: body.id || body.name }),
);

export const createBucket = endpoint(
  createBucketParams,
  async (deps, { params: bucket, access: { caller } }) => {
    await deps.store.createBucket(caller, {
      id: bucket.id,
      name: bucket.name,
      owner: ownerOf(caller),
      public: bucket.public ?? false,
      fileSizeLimit: bucketSizeLimit(bucket.file_size_limit, deps.globalLimit) ?? null,
      allowedMimeTypes: bucket.allowed_mime_types ?? null,
    });
    return Response.json({ name: bucket.name });
  },
);

const updateBucketParams = input(
  { params: idPath, body: z.object(bucketFields) },
  ({ params, body }) => ({ id: params.id, changes: body }),
);

export const updateBucket = endpoint(
  updateBucketParams,
  async (deps, { params: { id, changes }, access: { caller } }) => {
    const fileSizeLimit = bucketSizeLimit(changes.file_size_limit, deps.globalLimit);
    if (Object.values(changes).every((value) => value === undefined)) throw errors.noContent();
    const found = await deps.store.updateBucket(caller, id, {
      ...changes,
      file_size_limit: fileSizeLimit,
    });
    if (!found) throw errors.noSuchBucket();
    return message('Successfully updated');
  },
);

export const emptyBucket = endpoint(bucketParams, async (deps, { params: { id }, access }) => {
  if (!(await deps.store.findBucket(access.caller, id))) throw errors.noSuchBucket();
  const versions = await deps.store.emptyBucket(id);
  await deps.bytes.remove(versions).catch(() => undefined);
  return message('Empty bucket has been queued. Completion may take up to an hour.');
});

export const deleteBucket = endpoint(bucketParams, async (deps, { params: { id }, access }) => {
  const result = await deps.store.deleteBucket(access.caller, id);
  if (result === 'missing') throw errors.noSuchBucket();
  if (result === 'not-empty') throw errors.bucketNotEmpty();
  return message('Successfully deleted');
});
