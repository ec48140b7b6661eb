// Who is calling and how Storage's database work runs: the caller comes from the bearer JWT (or
// the API key's role); every metadata query runs through asCaller so row-level security on
// storage.objects and storage.buckets decides; Postgres errors become Storage errors.
import type { Context } from 'hono';
import type { Database, Queryable } from '../db/adapter.ts';
import { asCaller, type Caller } from '../db/as-caller.ts';
import { resolveCaller } from '../context/caller.ts';
import type { ServiceEnv, StackContext } from '../context/context.ts';
import { JwtError } from '../keys/keys.ts';
import type { ByteStore } from './byte-store.ts';
import { errors, fromDatabaseError } from './errors.ts';

export interface StorageDeps {
  ctx: StackContext;
  db: Database;
  store: ByteStore;
  /** [storage] file_size_limit in bytes: the cap for every upload and bucket limit. */
  globalLimit: number;
  /** The HS256 secret signed URLs are signed with (the project's JWT secret). */
  urlSigningSecret: Uint8Array;
}

/** The service role as a caller: for work Supabase Storage does as its super user. */
export const SERVICE_CALLER: Caller = { role: 'service_role', claims: { role: 'service_role' } };

const JWT_MESSAGES: Record<JwtError['reason'], string> = {
  expired: 'jwt expired',
  invalid: 'invalid signature',
  malformed: 'jwt malformed',
};

/** The caller of a request; an invalid JWT is AccessDenied as in Supabase Storage. */
export async function callerOf(c: Context<ServiceEnv>, deps: StorageDeps): Promise<Caller> {
  try {
    return await resolveCaller(c, deps.ctx.keys);
  } catch (error) {
    if (error instanceof JwtError) throw errors.accessDenied(JWT_MESSAGES[error.reason]);
    throw error;
  }
}

/** The `sub` claim, stored as owner_id (and as owner when it is a UUID). */
export function ownerOf(caller: Caller): string | undefined {
  const sub = caller.claims.sub;
  return typeof sub === 'string' && sub ? sub : undefined;
}

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function ownerColumns(owner: string | undefined): [string | null, string | null] {
  return [owner && UUID.test(owner) ? owner : null, owner ?? null];
}

/** Runs fn in one transaction as the caller, mapping Postgres errors to Storage errors. */
export async function runAs<T>(
  db: Database,
  caller: Caller,
  fn: (tx: Queryable) => Promise<T>,
): Promise<T> {
  try {
    return await asCaller(db, caller, fn);
  } catch (error) {
    throw fromDatabaseError(error) ?? error;
  }
}

class Rollback extends Error {}

/** Runs fn as the caller and rolls it back: does RLS allow this write? (Supabase's testPermission.) */
export async function testPermission(
  db: Database,
  caller: Caller,
  fn: (tx: Queryable) => Promise<unknown>,
): Promise<void> {
  try {
    await runAs(db, caller, async (tx) => {
      await fn(tx);
      throw new Rollback();
    });
  } catch (error) {
    if (!(error instanceof Rollback)) throw error;
  }
}

/** Lets this transaction delete from storage tables (storage.protect_delete). */
export async function allowDeletes(tx: Queryable): Promise<void> {
  await tx.query(`select set_config('storage.allow_delete_query', 'true', true)`);
}

export interface BucketLimits {
  id: string;
  public: boolean;
  file_size_limit: string | null;
  allowed_mime_types: string[] | null;
}

/** Reads a bucket as Storage's super user (limits apply whoever uploads). */
export async function bucketLimits(db: Database, id: string): Promise<BucketLimits> {
  const { rows } = await db.query<BucketLimits>(
    'select id, public, file_size_limit, allowed_mime_types from storage.buckets where id = $1',
    [id],
  );
  if (!rows[0]) throw errors.noSuchBucket();
  return rows[0];
}
