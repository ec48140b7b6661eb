// Seeds buckets from config.toml's `objects_path` at start, as `supabase seed buckets` does:
// every file under the folder (relative to supabase/) is upserted with its relative path as the
// key and a MIME type from its extension. Files the bucket refuses are skipped with a warning.
import { createReadStream } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { bucketLimits, SERVICE_CALLER, type StorageDeps } from './access.ts';
import { errors, StorageError } from './errors.ts';
import { commitUpload } from './upload.ts';
import { mustBeAllowedMime, mustBeValidKey } from './validate.ts';

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

export const mimeOf = (file: string) =>
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
    const limits = await bucketLimits(deps.db, bucket.name);
    const maxBytes = Math.min(
      deps.globalLimit,
      limits.file_size_limit === null ? Infinity : Number(limits.file_size_limit),
    );
    for (const entry of entries.filter((e) => e.isFile())) {
      const file = path.join(entry.parentPath, entry.name);
      const key = path.relative(root, file).split(path.sep).join('/');
      const mime = mimeOf(file);
      try {
        mustBeValidKey(key);
        mustBeAllowedMime(mime, limits.allowed_mime_types);
        const staged = await deps.store.stage(createReadStream(file), maxBytes, () =>
          errors.entityTooLarge(),
        );
        const target = {
          bucket: bucket.name,
          key,
          caller: SERVICE_CALLER,
          owner: undefined,
          upsert: true,
        };
        await commitUpload(deps, target, staged, mime, 'max-age=3600', undefined);
      } catch (error) {
        if (!(error instanceof StorageError)) throw error;
        deps.ctx.log.warn(`storage: skipped ${bucket.name}/${key}: ${error.message}`);
      }
    }
  }
}
