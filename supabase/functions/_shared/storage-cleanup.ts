// Removes Sheaf's files through the Storage API (never by deleting storage.objects rows, which
// hosted Supabase refuses and which would orphan the bytes): whole folders, and the paths that
// deletions queued in public.storage_cleanup.
import type { SupabaseClient } from 'npm:@supabase/supabase-js@2';

const PAGE = 1000;

/** Every object name under prefix (a folder, without or with its trailing slash), recursively. */
export async function listFolder(
  admin: SupabaseClient,
  bucket: string,
  prefix: string,
): Promise<string[]> {
  const folder = prefix.replace(/\/+$/, '');
  const names: string[] = [];
  for (let offset = 0; ; offset += PAGE) {
    const { data, error } = await admin.storage.from(bucket).list(folder, { limit: PAGE, offset });
    if (error) throw new Error(`list ${bucket}/${folder}: ${error.message}`);
    for (const entry of data ?? []) {
      const path = folder ? `${folder}/${entry.name}` : entry.name;
      if (entry.id === null) names.push(...(await listFolder(admin, bucket, path)));
      else names.push(path);
    }
    if (!data || data.length < PAGE) break;
  }
  return names;
}

export async function removeObjects(
  admin: SupabaseClient,
  bucket: string,
  names: string[],
): Promise<void> {
  for (let i = 0; i < names.length; i += PAGE) {
    const { error } = await admin.storage.from(bucket).remove(names.slice(i, i + PAGE));
    if (error) throw new Error(`remove from ${bucket}: ${error.message}`);
  }
}

/** Removes every object under a folder; returns how many were removed. */
export async function removeFolder(
  admin: SupabaseClient,
  bucket: string,
  prefix: string,
): Promise<number> {
  const names = await listFolder(admin, bucket, prefix);
  await removeObjects(admin, bucket, names);
  return names.length;
}

interface QueuedPath {
  id: number;
  bucket_id: string;
  path: string;
}

/**
 * Removes queued paths (a folder when the path ends with '/') and deletes their queue rows.
 * With ownerId, only that owner's rows. Returns the number of queue rows handled.
 */
export async function drainStorageCleanup(
  admin: SupabaseClient,
  options: { ownerId?: string; limit?: number } = {},
): Promise<number> {
  let query = admin
    .from('storage_cleanup')
    .select('id, bucket_id, path')
    .order('id')
    .limit(options.limit ?? 500);
  if (options.ownerId) query = query.eq('owner_id', options.ownerId);
  const { data, error } = await query;
  if (error) throw new Error(`storage_cleanup: ${error.message}`);
  const rows = (data ?? []) as QueuedPath[];
  for (const row of rows) {
    if (row.path.endsWith('/')) await removeFolder(admin, row.bucket_id, row.path);
    else await removeObjects(admin, row.bucket_id, [row.path]);
  }
  if (rows.length > 0) {
    const { error: deleteError } = await admin
      .from('storage_cleanup')
      .delete()
      .in(
        'id',
        rows.map((r) => r.id),
      );
    if (deleteError) throw new Error(`storage_cleanup: ${deleteError.message}`);
  }
  return rows.length;
}

/** Best effort: removes what the caller's earlier deletions queued (e.g. a deleted notebook's files). */
export async function drainOwnQuietly(admin: SupabaseClient, ownerId: string): Promise<void> {
  try {
    await drainStorageCleanup(admin, { ownerId, limit: 100 });
  } catch (error) {
    console.error(error);
  }
}
