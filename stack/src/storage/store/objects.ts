// The SQL of storage.objects. Everything a request reads or writes runs as its caller, so the
// project's policies decide; what Supabase Storage does past RLS (locking a key, noting the
// version a write replaces, emptying a bucket, sweeping bytes) runs as Storage's super user.
import { randomUUID } from 'node:crypto';
import type { Database, Queryable } from '../../db/adapter.ts';
import { answersInOrder } from '../../db/transaction.ts';
import { errors, StorageError } from '../errors.ts';
import { readBucketLimits, type BucketLimits } from './buckets.ts';
import {
  allowDeletes,
  iso,
  ownerColumns,
  runAs,
  runAsAtOnce,
  runAsService,
  runAsServiceAtOnce,
  testPermission,
  type Caller,
} from './run.ts';

/** The `metadata` column: what Storage knows about the bytes. */
export interface ObjectMetadata {
  eTag: string;
  size: number;
  mimetype: string;
  cacheControl: string;
  lastModified: string;
  contentLength: number;
  httpStatusCode: number;
}

export interface ObjectRow {
  id: string;
  name: string;
  bucket_id: string;
  version: string | null;
  owner: string | null;
  owner_id: string | null;
  metadata: Partial<ObjectMetadata> | null;
  user_metadata: Record<string, unknown> | null;
  created_at: string;
  updated_at: string;
  last_accessed_at: string;
}

/** One version of an object as written: its row, with bytes addressed by `version`. */
export interface ObjectWrite {
  bucket: string;
  key: string;
  owner: string | undefined;
  /** Replace an existing object (needs the select and update policies too, as in Supabase). */
  upsert: boolean;
  version: string;
  metadata: Partial<ObjectMetadata>;
  userMetadata: Record<string, unknown> | null;
}

export const TIMESTAMPS = [iso('created_at'), iso('updated_at'), iso('last_accessed_at')].join(
  ', ',
);

const INSERT = `insert into storage.objects
  (id, bucket_id, name, owner, owner_id, metadata, user_metadata, version)
  values ($1, $2, $3, $4, $5, $6, $7, $8)`;
const UPSERT = `${INSERT}
  on conflict (name, bucket_id) do update set
    metadata = excluded.metadata, user_metadata = excluded.user_metadata,
    version = excluded.version, owner = excluded.owner, owner_id = excluded.owner_id
  returning id`;

/** Inserts (or upserts) the row; KeyAlreadyExists when the key is taken and upsert is off. */
async function writeObjectRow(tx: Queryable, write: ObjectWrite): Promise<string> {
  const id = randomUUID();
  const [owner, ownerId] = ownerColumns(write.owner);
  const params = [
    id,
    write.bucket,
    write.key,
    owner,
    ownerId,
    write.metadata,
    write.userMetadata,
    write.version,
  ];
  if (!write.upsert) {
    await tx.query(INSERT, params);
    return id;
  }
  const { rows } = await tx.query<{ id: string }>(UPSERT, params);
  return rows[0]?.id ?? id;
}

const keyTaken = (error: unknown) =>
  error instanceof StorageError && error.code === 'ResourceAlreadyExists'
    ? errors.keyAlreadyExists()
    : error;

/** Serialises writers of one key until the transaction ends. */
async function lockObjectForWrite(tx: Queryable, bucket: string, key: string): Promise<void> {
  await tx.query('select pg_advisory_xact_lock(hashtextextended($1, 0))', [`${bucket}/${key}`]);
}

export function objectStore(db: Database) {
  return {
    /** The object's row, when the caller may see it. */
    async findObject(caller: Caller, bucket: string, key: string): Promise<ObjectRow | undefined> {
      const { rows } = await runAsAtOnce(db, caller, (tx) =>
        tx.query<ObjectRow>(
          `select id, name, bucket_id, version, owner, owner_id, metadata, user_metadata,
                  ${TIMESTAMPS}
             from storage.objects where bucket_id = $1 and name = $2`,
          [bucket, key],
        ),
      );
      return rows[0];
    },

    /** Which of the names exist and are visible to the caller. */
    async findVisibleNames(caller: Caller, bucket: string, names: string[]): Promise<Set<string>> {
      const { rows } = await runAsAtOnce(db, caller, (tx) =>
        tx.query<{ name: string }>(
          'select name from storage.objects where bucket_id = $1 and name = any($2::text[])',
          [bucket, names],
        ),
      );
      return new Set(rows.map((r) => r.name));
    },

    /** Throws unless the caller's policies allow this write (tried, then rolled back). */
    async mustBeAllowedToWrite(caller: Caller, write: ObjectWrite): Promise<void> {
      try {
        await testPermission(db, caller, (tx) => writeObjectRow(tx, write));
      } catch (error) {
        throw keyTaken(error);
      }
    },

    /**
     * The bucket's limits and what the caller's policies say to this write, in one round trip:
     * the limits read past RLS, then the write tried as the caller and rolled back. `limits` is
     * undefined when there is no such bucket; `refused` is the error the write would meet.
     */
    async tryWrite(
      caller: Caller,
      write: ObjectWrite,
    ): Promise<{ limits: BucketLimits | undefined; refused: unknown }> {
      let limits: { found: BucketLimits | undefined } | undefined;
      try {
        await runAsService(db, async (tx, becomeCaller) => {
          const sent = [
            readBucketLimits(tx, write.bucket).then((found) => void (limits = { found })),
            becomeCaller(caller),
            writeObjectRow(tx, write),
          ] as const;
          tx.sendRollback();
          await answersInOrder(sent);
        });
        return { limits: limits?.found, refused: undefined };
      } catch (error) {
        // Without the limits there is nothing to answer: the database failed, not the write.
        if (!limits) throw error;
        return { limits: limits.found, refused: keyTaken(error) };
      }
    },

    /**
     * Makes `write` the key's current version in one batch (one transaction, one round trip):
     * lock the key, note the version it replaces (read past RLS), write the row as the caller.
     * Its bytes are already in place under `write.version`. Returns the row's id and the
     * replaced version.
     */
    async writeObjectVersion(
      caller: Caller,
      write: ObjectWrite,
    ): Promise<{ id: string; replaced: string | undefined }> {
      try {
        return await runAsServiceAtOnce(db, async (tx, becomeCaller) => {
          const sent = [
            lockObjectForWrite(tx, write.bucket, write.key),
            tx.query<{ version: string | null }>(
              'select version from storage.objects where bucket_id = $1 and name = $2',
              [write.bucket, write.key],
            ),
            becomeCaller(caller),
            writeObjectRow(tx, write),
          ] as const;
          const [, previous, , id] = await answersInOrder(sent);
          return { id, replaced: previous.rows[0]?.version ?? undefined };
        });
      } catch (error) {
        throw keyTaken(error);
      }
    },

    /**
     * Renames the row as the caller (its bytes stay where they are) once `accept` has seen its
     * metadata; undefined when the caller does not see it.
     */
    async moveObject(
      caller: Caller,
      from: { bucket: string; key: string },
      to: { bucket: string; key: string; owner: string | undefined },
      accept: (metadata: Partial<ObjectMetadata>) => void,
    ): Promise<{ id: string; name: string } | undefined> {
      const [owner, ownerId] = ownerColumns(to.owner);
      const { rows } = await runAs(db, caller, async (tx) => {
        const found = await tx.query<Pick<ObjectRow, 'metadata'>>(
          'select metadata from storage.objects where bucket_id = $1 and name = $2',
          [from.bucket, from.key],
        );
        if (!found.rows[0]) return { rows: [] };
        accept(found.rows[0].metadata ?? {});
        return tx.query<{ id: string; name: string }>(
          `update storage.objects set name = $3, bucket_id = $4, owner = $5, owner_id = $6
            where bucket_id = $1 and name = $2
            returning id, name`,
          [from.bucket, from.key, to.key, to.bucket, owner, ownerId],
        );
      });
      return rows[0];
    },

    /** Deletes the named objects the caller may delete; returns their rows. */
    async deleteObjects(caller: Caller, bucket: string, names: string[]): Promise<ObjectRow[]> {
      const { rows } = await runAs(db, caller, async (tx) => {
        await allowDeletes(tx);
        return tx.query<ObjectRow>(
          `delete from storage.objects where bucket_id = $1 and name = any($2::text[])
           returning bucket_id, name, owner, owner_id, id, ${TIMESTAMPS},
                     metadata, user_metadata, version`,
          [bucket, names],
        );
      });
      return rows;
    },

    /** Deletes every object of the bucket (as Storage's super user); returns their versions. */
    async emptyBucket(bucket: string): Promise<string[]> {
      const { rows } = await runAsService(db, async (tx) => {
        await allowDeletes(tx);
        return tx.query<{ version: string | null }>(
          'delete from storage.objects where bucket_id = $1 returning version',
          [bucket],
        );
      });
      return rows.map((r) => r.version).filter((v): v is string => !!v);
    },

    /** Which of these versions an object row refers to. */
    async findReferencedVersions(versions: string[]): Promise<Set<string>> {
      const { rows } = await db.query<{ version: string }>(
        'select version from storage.objects where version = any($1::text[])',
        [versions],
      );
      return new Set(rows.map((r) => r.version));
    },
  };
}
