// What Storage does once at start, before the server listens: create or update the buckets of
// config.toml, seed their objects_path files, and remove bytes no object row refers to.
import type { StorageDeps } from './access.ts';
import { syncConfigBuckets } from './buckets.ts';
import { seedBucketObjects } from './seed-objects.ts';

export async function prepareStorage(deps: StorageDeps): Promise<void> {
  await syncConfigBuckets(deps);
  await seedBucketObjects(deps);
  await sweepOrphans(deps);
}

/**
 * Removes bytes no object row refers to (left by a crash between publishing and committing, or
 * by a database reset). Runs before the server listens, so no upload is in flight.
 */
async function sweepOrphans(deps: StorageDeps): Promise<void> {
  const stored = await deps.store.list();
  if (stored.length === 0) return;
  const { rows } = await deps.db.query<{ version: string }>(
    'select version from storage.objects where version = any($1::text[])',
    [stored],
  );
  const live = new Set(rows.map((r) => r.version));
  const orphans = stored.filter((v) => !live.has(v));
  if (orphans.length > 0) {
    await deps.store.remove(orphans);
    deps.ctx.log.info(`storage: removed ${orphans.length} unreferenced file(s)`);
  }
}
