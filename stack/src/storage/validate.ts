// Input rules Supabase Storage applies: object keys and bucket names (S3-safe characters), MIME
// type patterns for buckets and uploads (with `type/*` wildcards), and size strings ("20MB").
import { errors } from './errors.ts';

// Hyphen last so it stays a literal. No backslash, no NUL, no control characters.
const VALID_OBJECT_KEY = /^[A-Za-z0-9_/!.*'() &$=@;:+,?-]*$/;
const VALID_BUCKET_NAME = /^[A-Za-z0-9_!.*'() &$=@;:+,?-]*$/;
const MIME_PATTERN = /^([a-zA-Z0-9\-+.]+)\/([a-zA-Z0-9\-+.]+)(;\s*charset=[a-zA-Z0-9-]+)?$|\*$/;

/**
 * Throws InvalidKey unless the key is one Supabase accepts. Like Supabase's file backend, keys
 * that are absolute or contain `.`/`..` segments are refused too (bytes never live at a path
 * derived from the key, so this is fidelity rather than the only line of defence).
 */
export function mustBeValidKey(key: string | undefined): asserts key is string {
  if (!key || !VALID_OBJECT_KEY.test(key)) throw errors.invalidKey(key ?? '');
  if (key.startsWith('/')) throw errors.invalidKey(key);
  if (key.split('/').some((segment) => segment === '.' || segment === '..'))
    throw errors.invalidKey(key);
}

export function mustBeValidBucketName(name: string | undefined): asserts name is string {
  if (
    !name ||
    name.length > 100 ||
    !VALID_BUCKET_NAME.test(name) ||
    name.trim().length !== name.length
  )
    throw errors.invalidBucketName();
}

/** Validates the patterns of a bucket's allowed_mime_types. */
export function mustBeValidMimePatterns(types: string[]): void {
  for (const type of types) {
    if (type.length > 1000 || !MIME_PATTERN.test(type)) throw errors.invalidMimeType(type);
  }
}

/** Throws InvalidMimeType unless mime matches one of the allowed types (`image/*` style too). */
export function mustBeAllowedMime(mime: string, allowed: string[] | null | undefined): void {
  if (!allowed || allowed.length === 0) return;
  const [type, subtype] = mime.split(';')[0]!.trim().split('/');
  if (subtype === undefined) throw errors.invalidMimeType(mime);
  for (const pattern of allowed) {
    const [allowedType, allowedSub] = pattern.split(';')[0]!.trim().split('/');
    if (allowedType === type && (allowedSub === '*' || allowedSub === subtype)) return;
  }
  throw errors.invalidMimeType(mime);
}

/** Parses "20MB" / "1.5GB" / "300KB" / "3B" (decimal units) as Supabase Storage does. */
export function parseSizeString(value: string): number {
  const match = /^([0-9]+(?:\.[0-9]+)?)(gb|mb|kb|b)$/i.exec(value);
  if (!match) throw errors.invalidFileSizeLimit();
  const amount = Number(Number.parseFloat(match[1]!).toPrecision(3));
  const unit = match[2]!.toUpperCase();
  const factor = unit === 'GB' ? 1e9 : unit === 'MB' ? 1e6 : unit === 'KB' ? 1e3 : 1;
  return amount * factor;
}

/** A bucket's limit from a request (number, size string or null), capped by the global limit. */
export function bucketSizeLimit(value: unknown, globalLimit: number): number | null | undefined {
  if (value === undefined) return undefined;
  if (value === null) return null;
  let bytes: number;
  if (typeof value === 'number' && Number.isFinite(value) && value >= 0) bytes = Math.floor(value);
  else if (typeof value === 'string') bytes = parseSizeString(value);
  else throw errors.invalidFileSizeLimit();
  if (bytes > globalLimit) throw errors.entityTooLarge();
  return bytes;
}

// Hosted Storage keeps an object's bytes in S3 under `<project ref>/<bucket>/<name>/<version>`
// (a 20-character ref, a 36-character version) and S3 refuses keys over 1024 bytes.
const S3_KEY_MAX_BYTES = 1024;
const HOSTED_KEY_OVERHEAD = 20 + 1 + 1 + 1 + 36;

/**
 * Throws what hosted Storage answers (S3's KeyTooLongError) when the bucket and name do not fit
 * in its S3 key: names up to 965 bytes minus the bucket id's length.
 */
export function mustFitHostedKey(bucket: string, key: string): void {
  if (Buffer.byteLength(bucket) + Buffer.byteLength(key) + HOSTED_KEY_OVERHEAD > S3_KEY_MAX_BYTES)
    throw errors.keyTooLong();
}

export const isEmptyFolderPlaceholder = (key: string) => key.endsWith('.emptyFolderPlaceholder');
