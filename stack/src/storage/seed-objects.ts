// Seeds buckets from config.toml's `objects_path` at start, as `supabase seed buckets` does:
// every file under the folder (relative to supabase/) is upserted with its relative path as the
// key and a MIME type from its extension. Files the bucket refuses are skipped with a warning.
import { createReadStream } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { StorageDeps } from './deps.ts';
import { errors, StorageError } from './errors.ts';
import { SERVICE_CALLER } from './store/store.ts';
import { mustBeAllowedMime, mustBeValidKey } from './validate.ts';
import { bucketLimits, commitStaged, maxBytesFor } from './write-object.ts';

const MIME_BY_EXTENSION: Record<string, string> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.svg': 'image/svg+xml',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain',
  '.md': 'text/markdown',
  '.csv': 'text/csv',
  '.html': 'text/html',
  '.css': 'text/css',
  '.js': 'text/javascript',
  '.json': 'application/json',
  '.pdf': 'application/pdf',
  '.zip': 'application/zip',
  '.mp3': 'audio/mpeg',
  '.mp4': 'video/mp4',
  '.woff2': 'font/woff2',
};

const mimeOf = (file: string) =>
  MIME_BY_EXTENSION[path.extname(file).toLowerCase()] ?? 'application/octet-stream';

export async function seedBucketObjects(deps: StorageDeps): Promise<void> {
  for (const bucket of deps.ctx.config.storage.buckets) {
    if (!bucket.objectsPath) continue;
    const root = path.resolve(deps.ctx.config.workdir, bucket.objectsPath);
    let entries;
    try {
      entries = await readdir(root, { recursive: true, withFileTypes: true });
    } catch {
      deps.ctx.log.warn(`storage: objects_path of bucket ${bucket.name} not found: ${root}`);
      continue;
    }
    const limits = await bucketLimits(deps, bucket.name);
    for (const entry of entries.filter((e) => e.isFile())) {
      const file = path.join(entry.parentPath, entry.name);
      const key = path.relative(root, file).split(path.sep).join('/');
      const mime = mimeOf(file);
      try {
        mustBeValidKey(key);
        mustBeAllowedMime(mime, limits.allowedMimeTypes);
        const staged = await deps.bytes.stage(
          createReadStream(file),
          maxBytesFor(deps, limits, key),
          () => errors.entityTooLarge(),
        );
        const target = {
          bucket: bucket.name,
          key,
          caller: SERVICE_CALLER,
          owner: undefined,
          upsert: true,
        };
        await commitStaged(deps, target, staged, mime, 'max-age=3600', undefined);
      } catch (error) {
        if (!(error instanceof StorageError)) throw error;
        deps.ctx.log.warn(`storage: skipped ${bucket.name}/${key}: ${error.message}`);
      }
    }
  }
}
