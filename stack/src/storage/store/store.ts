// The database port of Storage: every SQL statement Storage runs, over storage.buckets and
// storage.objects, as a function named for what it does. Each function runs as the caller
// (row-level security decides) or as Storage's super user where Supabase Storage reads past
// RLS; Postgres errors come out as Storage errors. No other storage file imports db/.
import type { Database } from '../../db/adapter.ts';
import { bucketStore } from './buckets.ts';
import { listingStore } from './listing.ts';
import { objectStore } from './objects.ts';

export type StorageStore = ReturnType<typeof bucketStore> &
  ReturnType<typeof objectStore> &
  ReturnType<typeof listingStore>;

export function createStorageStore(db: Database): StorageStore {
  return { ...bucketStore(db), ...objectStore(db), ...listingStore(db) };
}

export type {
  BucketChanges,
  BucketLimits,
  BucketQuery,
  BucketRow,
  BucketSortColumn,
  NewBucket,
} from './buckets.ts';
export type { ObjectMetadata, ObjectRow, ObjectWrite } from './objects.ts';
export type { ListQuery, ListV2Entry, ListV2Query } from './listing.ts';
export { SERVICE_CALLER, mayHaveCommitted, type Caller } from './run.ts';
