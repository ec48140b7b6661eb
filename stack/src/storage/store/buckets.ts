// The SQL of storage.buckets. Reads and writes a request makes run as its caller (the table has
// RLS and no policies by default, so only the service role manages buckets unless the project
// adds policies); limits, public flags and config.toml's buckets are read and written as
// Storage's super user, as Supabase Storage does.
import type { Database, Queryable } from '../../db/adapter.ts';
import { errors, StorageError } from '../errors.ts';
import { allowDeletes, iso, ownerColumns, runAs, runAsAtOnce, type Caller } from './run.ts';

export interface BucketRow {
  id: string;
  name: string;
  owner: string | null;
  public: boolean;
  created_at: string;
  updated_at: string;
  file_size_limit: number | null;
  allowed_mime_types: string[] | null;
  type?: string;
}

/** What uploads into a bucket must respect. */
export interface BucketLimits {
  id: string;
  public: boolean;
  /** Bytes, or null for none of its own (the global limit still applies). */
  fileSizeLimit: number | null;
  allowedMimeTypes: string[] | null;
}

/** The bucket's limits, read past RLS (as Storage's super user); undefined when none. */
export async function readBucketLimits(
  q: Queryable,
  id: string,
): Promise<BucketLimits | undefined> {
  const { rows } = await q.query<{
    id: string;
    public: boolean;
    file_size_limit: string | null;
    allowed_mime_types: string[] | null;
  }>(
    'select id, public, file_size_limit, allowed_mime_types from storage.buckets where id = $1',
    [id],
    { prepare: true },
  );
  const row = rows[0];
  return (
    row && {
      id: row.id,
      public: row.public,
      fileSizeLimit: row.file_size_limit === null ? null : Number(row.file_size_limit),
      allowedMimeTypes: row.allowed_mime_types,
    }
  );
}

export type BucketSortColumn = 'id' | 'name' | 'created_at' | 'updated_at';

export interface BucketQuery {
  search?: string;
  sortColumn?: BucketSortColumn;
  sortOrder?: 'asc' | 'desc';
  limit?: number;
  offset?: number;
}

export interface NewBucket {
  id: string;
  name: string;
  owner: string | undefined;
  public: boolean;
  fileSizeLimit: number | null;
  allowedMimeTypes: string[] | null;
}

export interface BucketChanges {
  public?: boolean;
  file_size_limit?: number | null;
  allowed_mime_types?: string[] | null;
}

const COLUMNS = `id, name, owner, public, ${iso('created_at')}, ${iso('updated_at')},
  file_size_limit, allowed_mime_types`;

type RawBucket = Omit<BucketRow, 'file_size_limit'> & { file_size_limit: string | null };

const bucketOf = (row: RawBucket): BucketRow => ({
  ...row,
  file_size_limit: row.file_size_limit === null ? null : Number(row.file_size_limit),
});

export function bucketStore(db: Database) {
  return {
    /** The buckets the caller may see, filtered, sorted and paged. */
    async listBuckets(caller: Caller, query: BucketQuery): Promise<BucketRow[]> {
      const values: unknown[] = [];
      let sql = `select ${COLUMNS}, type from storage.buckets`;
      if (query.search) {
        values.push(`%${query.search.replace(/[\\%_]/g, (m) => `\\${m}`)}%`);
        sql += ` where name ilike $${values.length}`;
      }
      if (query.sortColumn) sql += ` order by "${query.sortColumn}" ${query.sortOrder ?? 'asc'}`;
      for (const clause of ['limit', 'offset'] as const) {
        if (query[clause] === undefined) continue;
        values.push(query[clause]);
        sql += ` ${clause} $${values.length}`;
      }
      const { rows } = await runAsAtOnce(db, caller, (tx) => tx.query<RawBucket>(sql, values));
      return rows.map(bucketOf);
    },

    /** The bucket, when the caller may see it. */
    async findBucket(caller: Caller, id: string): Promise<BucketRow | undefined> {
      const { rows } = await runAsAtOnce(db, caller, (tx) =>
        tx.query<RawBucket>(`select ${COLUMNS} from storage.buckets where id = $1`, [id]),
      );
      return rows[0] && bucketOf(rows[0]);
    },

    /** The bucket's public flag and upload limits, read past RLS (they apply to everyone). */
    findBucketLimits: (id: string): Promise<BucketLimits | undefined> => readBucketLimits(db, id),

    /** Creates the bucket as the caller; BucketAlreadyExists when the id or name is taken. */
    async createBucket(caller: Caller, bucket: NewBucket): Promise<void> {
      const [owner, ownerId] = ownerColumns(bucket.owner);
      try {
        await runAsAtOnce(db, caller, (tx) =>
          tx.query(
            `insert into storage.buckets
               (id, name, owner, owner_id, public, file_size_limit, allowed_mime_types)
             values ($1, $2, $3, $4, $5, $6, $7)`,
            [
              bucket.id,
              bucket.name,
              owner,
              ownerId,
              bucket.public,
              bucket.fileSizeLimit,
              bucket.allowedMimeTypes,
            ],
          ),
        );
      } catch (error) {
        if (error instanceof StorageError && error.code === 'ResourceAlreadyExists')
          throw errors.bucketAlreadyExists();
        throw error;
      }
    },

    /** Applies the changes as the caller; false when the caller sees no such bucket. */
    async updateBucket(caller: Caller, id: string, changes: BucketChanges): Promise<boolean> {
      const fields = Object.entries(changes).filter(([, value]) => value !== undefined);
      const set = fields.map(([column], i) => `"${column}" = $${i + 2}`).join(', ');
      const { rowCount } = await runAsAtOnce(db, caller, (tx) =>
        tx.query(`update storage.buckets set ${set}, updated_at = now() where id = $1`, [
          id,
          ...fields.map(([, value]) => value),
        ]),
      );
      return rowCount > 0;
    },

    /** Deletes an empty bucket as the caller. */
    async deleteBucket(caller: Caller, id: string): Promise<'deleted' | 'missing' | 'not-empty'> {
      const { rows } = await db.query<{ n: number }>(
        `select (select count(*) from storage.objects where bucket_id = $1 limit 1)::int as n
           from storage.buckets where id = $1`,
        [id],
      );
      if (!rows[0]) return 'missing';
      if (rows[0].n > 0) return 'not-empty';
      const { rowCount } = await runAs(db, caller, async (tx) => {
        await allowDeletes(tx);
        return tx.query('delete from storage.buckets where id = $1', [id]);
      });
      return rowCount > 0 ? 'deleted' : 'missing';
    },

    /** Creates or updates a bucket declared in config.toml ([storage.buckets.<name>]). */
    async upsertConfigBucket(bucket: Omit<NewBucket, 'id' | 'owner'>): Promise<void> {
      await db.query(
        `insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
         values ($1, $1, $2, $3, $4)
         on conflict (id) do update set public = excluded.public,
           file_size_limit = excluded.file_size_limit,
           allowed_mime_types = excluded.allowed_mime_types, updated_at = now()`,
        [bucket.name, bucket.public, bucket.fileSizeLimit, bucket.allowedMimeTypes],
      );
    },
  };
}
