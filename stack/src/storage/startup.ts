// What Storage does once at start, before the server listens: create or update the buckets of
// config.toml, seed their objects_path files, and remove bytes no object row refers to.
import type { StorageDeps } from './deps.ts';
import { seedBucketObjects } from './seed-objects.ts';
import { mustBeValidBucketName, mustBeValidMimePatterns } from './validate.ts';

export async function prepareStorage(deps: StorageDeps): Promise<void> {
  await syncConfigBuckets(deps);
  await seedBucketObjects(deps);
  await sweepOrphans(deps);
}

/** Creates or updates the buckets declared in config.toml ([storage.buckets.<name>]). */
async function syncConfigBuckets(deps: StorageDeps): Promise<void> {
  for (const bucket of deps.ctx.config.storage.buckets) {
    mustBeValidBucketName(bucket.name);
    if (bucket.allowedMimeTypes) mustBeValidMimePatterns(bucket.allowedMimeTypes);
    await deps.store.upsertConfigBucket({
      name: bucket.name,
      public: bucket.public,
      fileSizeLimit: bucket.fileSizeLimit ?? null,
      allowedMimeTypes: bucket.allowedMimeTypes ?? null,
    });
  }
}

/**
 * Removes bytes no object row refers to (left by a crash between publishing and committing, or
 * by a database reset). Runs before the server listens, so no upload is in flight.
 */
async function sweepOrphans(deps: StorageDeps): Promise<void> {
  const stored = await deps.bytes.list();
  if (stored.length === 0) return;
  const live = await deps.store.findReferencedVersions(stored);
  const orphans = stored.filter((v) => !live.has(v));
  if (orphans.length > 0) {
    await deps.bytes.remove(orphans);
    deps.ctx.log.info(`storage: removed ${orphans.length} unreferenced file(s)`);
  }
}
