// Bucket operations: list, get, create, update, empty, delete. Reads and writes run as the
// caller (storage.buckets has RLS and no policies by default, so only the service role manages
// buckets unless the project adds policies); limits are validated as Supabase Storage does.
import type { Caller } from '../db/as-caller.ts';
import { allowDeletes, ownerColumns, ownerOf, runAs, type StorageDeps } from './access.ts';
import { errors, fromDatabaseError } from './errors.ts';
import { emptyBucketObjects } from './objects.ts';
import { bucketSizeLimit, mustBeValidBucketName, mustBeValidMimePatterns } from './validate.ts';

interface BucketRow {
  id: string;
  name: string;
  owner: string | null;
  public: boolean;
  created_at: string;
  updated_at: string;
  file_size_limit: string | number | null;
  allowed_mime_types: string[] | null;
  type?: string;
}

const shape = (row: BucketRow) => ({
  ...row,
  file_size_limit: row.file_size_limit === null ? null : Number(row.file_size_limit),
});

const SORT_COLUMNS = new Set(['id', 'name', 'created_at', 'updated_at']);

export interface ListBucketsQuery {
  limit?: string;
  offset?: string;
  sortColumn?: string;
  sortOrder?: string;
  search?: string;
}

export async function listBuckets(
  deps: StorageDeps,
  caller: Caller,
  query: ListBucketsQuery,
): Promise<unknown[]> {
  const values: unknown[] = [];
  let sql = `select id, name, public, owner, created_at, updated_at, file_size_limit,
                    allowed_mime_types, type from storage.buckets`;
  if (query.search) {
    values.push(`%${query.search.replace(/[\\%_]/g, (m) => `\\${m}`)}%`);
    sql += ` where name ilike $${values.length}`;
  }
  if (query.sortColumn !== undefined) {
    if (!SORT_COLUMNS.has(query.sortColumn))
      throw errors.invalidRequest(
        'querystring/sortColumn must be equal to one of the allowed values',
      );
    const order = query.sortOrder?.toLowerCase() === 'desc' ? 'desc' : 'asc';
    sql += ` order by "${query.sortColumn}" ${order}`;
  }
  for (const [name, min] of [
    ['limit', 1],
    ['offset', 0],
  ] as const) {
    const raw = query[name];
    if (raw === undefined) continue;
    const n = Number(raw);
    if (!Number.isInteger(n) || n < min)
      throw errors.invalidRequest(`querystring/${name} must be >= ${min}`);
    values.push(n);
    sql += ` ${name} $${values.length}`;
  }
  const { rows } = await runAs(deps.db, caller, (tx) => tx.query<BucketRow>(sql, values));
  return rows.map(shape);
}

export async function getBucket(deps: StorageDeps, caller: Caller, id: string): Promise<unknown> {
  const { rows } = await runAs(deps.db, caller, (tx) =>
    tx.query<BucketRow>(
      `select id, name, owner, public, created_at, updated_at, file_size_limit, allowed_mime_types
         from storage.buckets where id = $1`,
      [id],
    ),
  );
  if (!rows[0]) throw errors.noSuchBucket();
  return shape(rows[0]);
}

export interface BucketBody {
  id?: unknown;
  name?: unknown;
  public?: unknown;
  file_size_limit?: unknown;
  allowed_mime_types?: unknown;
}

function mimeTypes(value: unknown): string[] | null | undefined {
  if (value === undefined || value === null) return value;
  if (!Array.isArray(value) || value.some((v) => typeof v !== 'string'))
    throw errors.invalidRequest('body/allowed_mime_types must be array');
  const types = (value as string[]).filter((t) => t);
  mustBeValidMimePatterns(types);
  return types;
}

function publicFlag(value: unknown): boolean | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'boolean') throw errors.invalidRequest('body/public must be boolean');
  return value;
}

export async function createBucket(
  deps: StorageDeps,
  caller: Caller,
  body: BucketBody,
): Promise<{ name: string }> {
  if (typeof body.name !== 'string')
    throw errors.invalidRequest("body must have required property 'name'");
  const name = body.name;
  const id = typeof body.id === 'string' && body.id ? body.id : name;
  mustBeValidBucketName(name);
  mustBeValidBucketName(id);
  const isPublic = publicFlag(body.public) ?? false;
  const limit = bucketSizeLimit(body.file_size_limit, deps.globalLimit) ?? null;
  const types = mimeTypes(body.allowed_mime_types) ?? null;
  const [owner, ownerId] = ownerColumns(ownerOf(caller));
  try {
    await runAs(deps.db, caller, (tx) =>
      tx.query(
        `insert into storage.buckets (id, name, owner, owner_id, public, file_size_limit, allowed_mime_types)
         values ($1, $2, $3, $4, $5, $6, $7)`,
        [id, name, owner, ownerId, isPublic, limit, types],
      ),
    );
  } catch (error) {
    const mapped = fromDatabaseError(error) ?? error;
    if ((mapped as { code?: string }).code === 'ResourceAlreadyExists')
      throw errors.bucketAlreadyExists();
    throw mapped;
  }
  return { name };
}

export async function updateBucket(
  deps: StorageDeps,
  caller: Caller,
  id: string,
  body: BucketBody,
): Promise<void> {
  const fields: [string, unknown][] = [];
  const isPublic = publicFlag(body.public);
  if (isPublic !== undefined) fields.push(['public', isPublic]);
  const limit = bucketSizeLimit(body.file_size_limit, deps.globalLimit);
  if (limit !== undefined) fields.push(['file_size_limit', limit]);
  const types = mimeTypes(body.allowed_mime_types);
  if (types !== undefined) fields.push(['allowed_mime_types', types]);
  if (fields.length === 0) throw errors.noContent();
  const set = fields.map(([column], i) => `"${column}" = $${i + 2}`).join(', ');
  const { rowCount } = await runAs(deps.db, caller, (tx) =>
    tx.query(`update storage.buckets set ${set}, updated_at = now() where id = $1`, [
      id,
      ...fields.map(([, v]) => v),
    ]),
  );
  if (rowCount === 0) throw errors.noSuchBucket();
}

export async function emptyBucket(deps: StorageDeps, caller: Caller, id: string): Promise<void> {
  await getBucket(deps, caller, id);
  await emptyBucketObjects(deps, id);
}

export async function deleteBucket(deps: StorageDeps, caller: Caller, id: string): Promise<void> {
  const exists = await deps.db.query(
    'select (select count(*) from storage.objects where bucket_id = $1 limit 1)::int as n from storage.buckets where id = $1',
    [id],
  );
  if (!exists.rows[0]) throw errors.noSuchBucket();
  if ((exists.rows[0] as { n: number }).n > 0) throw errors.bucketNotEmpty();
  const { rowCount } = await runAs(deps.db, caller, async (tx) => {
    await allowDeletes(tx);
    return tx.query('delete from storage.buckets where id = $1', [id]);
  });
  if (rowCount === 0) throw errors.noSuchBucket();
}

/** Creates or updates the buckets declared in config.toml ([storage.buckets.<name>]). */
export async function syncConfigBuckets(deps: StorageDeps): Promise<void> {
  for (const bucket of deps.ctx.config.storage.buckets) {
    mustBeValidBucketName(bucket.name);
    if (bucket.allowedMimeTypes) mustBeValidMimePatterns(bucket.allowedMimeTypes);
    await deps.db.query(
      `insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
       values ($1, $1, $2, $3, $4)
       on conflict (id) do update set public = excluded.public,
         file_size_limit = excluded.file_size_limit,
         allowed_mime_types = excluded.allowed_mime_types, updated_at = now()`,
      [bucket.name, bucket.public, bucket.fileSizeLimit ?? null, bucket.allowedMimeTypes ?? null],
    );
  }
}
