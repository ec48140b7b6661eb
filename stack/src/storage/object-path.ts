// Reads the bucket and object key from a Storage URL (/storage/v1/<route prefix><bucket>/<key>)
// the way Supabase Storage's router does: the bucket segment and the rest, each percent-decoded.
import type { Context } from 'hono';
import { errors } from './errors.ts';
import { mustBeValidBucketName, mustBeValidKey } from './validate.ts';

const MOUNT = '/storage/v1/';

function decode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    throw errors.invalidKey(text);
  }
}

/** The path after /storage/v1/<prefix>, still percent-encoded. */
function restOf(c: Context, prefix: string): string {
  const pathname = new URL(c.req.url).pathname;
  const start = pathname.indexOf(MOUNT);
  const rest = start >= 0 ? pathname.slice(start + MOUNT.length) : pathname.replace(/^\//, '');
  return rest.startsWith(prefix) ? rest.slice(prefix.length) : rest;
}

/** Bucket and validated key of `<prefix><bucket>/<key>`. */
export function objectTarget(c: Context, prefix: string): { bucket: string; key: string } {
  const rest = restOf(c, prefix);
  const slash = rest.indexOf('/');
  const bucket = decode(slash >= 0 ? rest.slice(0, slash) : rest);
  const key = slash >= 0 ? decode(rest.slice(slash + 1)) : '';
  mustBeValidBucketName(bucket);
  mustBeValidKey(key);
  return { bucket, key };
}

/** The bucket of `<prefix><bucket>`. */
export function bucketTarget(c: Context, prefix: string): string {
  const bucket = decode(restOf(c, prefix).replace(/\/$/, ''));
  mustBeValidBucketName(bucket);
  return bucket;
}
