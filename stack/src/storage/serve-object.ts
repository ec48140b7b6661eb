// An object's bytes as a response: the bytes of the row's version streamed, with Range (206),
// If-None-Match (304), HEAD and `download` (Content-Disposition: attachment) handled as Supabase
// Storage does; and the JSON body of the info endpoint.
import { Readable } from 'node:stream';
import { plainResponse } from '../context/plain-answer.ts';
import type { RequestView } from '../context/view.ts';
import { contentDisposition } from './content-disposition.ts';
import type { StorageDeps } from './deps.ts';
import { errors } from './errors.ts';
import { renderImage, transformationSegments, type TransformOptions } from './image-transform.ts';
import type { ObjectRow } from './store/store.ts';

/**
 * Objects up to this size are read in one call and answered from memory; larger ones (and
 * ranges) are streamed. A stream costs a web-stream bridge and, for a small file, a read
 * buffer far bigger than the file.
 */
const WHOLE_READ_MAX = 64 * 1024;

interface Range {
  start: number;
  end: number;
}

/** Parses a single `bytes=a-b` / `bytes=a-` / `bytes=-n` range; throws InvalidRange (416). */
export function parseRange(header: string, size: number): Range {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || size <= 0 || (!match[1] && !match[2])) throw errors.invalidRange();
  if (!match[1]) {
    const suffix = Number(match[2]);
    if (!Number.isSafeInteger(suffix) || suffix <= 0) throw errors.invalidRange();
    return { start: Math.max(size - suffix, 0), end: size - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] ? Number(match[2]) : size - 1;
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end) || start > end || start >= size)
    throw errors.invalidRange();
  return { start, end: Math.min(end, size - 1) };
}

export interface ServeOptions {
  /** `download` query: '' → attachment, a name → attachment with that file name. */
  download?: string;
  /** For signed URLs: an Expires header instead of Cache-Control. */
  expires?: Date;
  /** Reads the row again (the version changed while we were opening the bytes). */
  refetch?: () => Promise<ObjectRow>;
}

/**
 * An object's response headers, as a plain record (names in lower case): the Node adapter writes
 * a record straight out, where Web Headers would be built only to be read back.
 */
function objectHeaders(row: ObjectRow, options: ServeOptions): Record<string, string> {
  const meta = row.metadata ?? {};
  const headers: Record<string, string> = {
    'accept-ranges': 'bytes',
    // HTML is never rendered from storage (it would run on the API's origin), as in Supabase.
    'content-type': meta.mimetype?.includes('text/html')
      ? 'text/plain'
      : (meta.mimetype ?? 'application/octet-stream'),
    'x-robots-tag': 'none',
  };
  if (meta.eTag) headers.etag = meta.eTag;
  const modified = new Date(meta.lastModified ?? row.updated_at);
  if (!Number.isNaN(modified.getTime())) headers['last-modified'] = modified.toUTCString();
  if (options.expires) headers.expires = options.expires.toUTCString();
  else if (meta.cacheControl) headers['cache-control'] = meta.cacheControl;
  if (options.download !== undefined)
    headers['content-disposition'] = contentDisposition(options.download);
  return headers;
}

/** The object's bytes (or only its headers for HEAD) as a Response. */
export async function serveObject(
  deps: StorageDeps,
  incoming: RequestView,
  row: ObjectRow,
  options: ServeOptions = {},
): Promise<Response> {
  const headers = objectHeaders(row, options);
  const size = Number(row.metadata?.size ?? 0);
  const etag = row.metadata?.eTag;
  const asked = incoming.headerRecord();
  const ifNoneMatch = asked['if-none-match'];
  if (etag && ifNoneMatch && ifNoneMatch.split(',').some((t) => t.trim() === etag))
    return plainResponse(null, 304, headers);
  const rangeHeader = asked.range;
  const range = rangeHeader ? parseRange(rangeHeader, size) : undefined;
  if (range) headers['content-range'] = `bytes ${range.start}-${range.end}/${size}`;
  headers['content-length'] = String(range ? range.end - range.start + 1 : size);
  const status = range ? 206 : 200;
  if (incoming.request.method === 'HEAD') return plainResponse(null, status, headers);
  if (!row.version) throw errors.noSuchKey();
  let body: ReadableStream<Uint8Array> | Uint8Array<ArrayBuffer>;
  try {
    body =
      size === 0 && !range
        ? new Uint8Array(new ArrayBuffer(0))
        : !range && size <= WHOLE_READ_MAX
          ? asBytes(await deps.bytes.readAll(row.version))
          : (Readable.toWeb(
              await deps.bytes.read(row.version, range),
            ) as ReadableStream<Uint8Array>);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT' || !options.refetch)
      throw errors.noSuchKey();
    // Replaced between reading the row and opening the bytes: serve the new version.
    return serveObject(deps, incoming, await options.refetch(), { ...options, refetch: undefined });
  }
  // Bytes in memory are a plain answer (context/plain-answer.ts); a stream is not.
  return body instanceof Uint8Array
    ? plainResponse(body, status, headers)
    : new Response(body, { status, headers });
}

/** A Buffer as the plain bytes a Response takes (the same memory). */
const asBytes = (buffer: Buffer) =>
  new Uint8Array(buffer.buffer as ArrayBuffer, buffer.byteOffset, buffer.byteLength);

/** The body of GET /object/info/…: camel-cased by storage-js. */

export function infoBody(row: ObjectRow): Record<string, unknown> {
  const meta = row.metadata ?? {};
  return {
    id: row.id,
    name: row.name,
    version: row.version,
    bucket_id: row.bucket_id,
    size: meta.size ?? null,
    content_type: meta.mimetype ?? null,
    cache_control: meta.cacheControl ?? null,
    etag: meta.eTag ?? null,
    metadata: row.user_metadata ?? {},
    last_modified: row.updated_at,
    created_at: row.created_at,
  };
}

/** The object's image, transformed (Supabase Storage's /render/image), with X-Transformations. */
export async function serveTransformed(
  deps: StorageDeps,
  incoming: RequestView,
  row: ObjectRow,
  transform: TransformOptions,
  options: ServeOptions = {},
): Promise<Response> {
  if (!row.version) throw errors.noSuchKey();
  let source: Buffer;
  try {
    source = Buffer.concat(await (await deps.bytes.read(row.version)).toArray());
  } catch {
    throw errors.noSuchKey();
  }
  const image = await renderImage(source, transform, incoming.headerRecord().accept ?? null);
  const headers = objectHeaders(row, options);
  delete headers['accept-ranges'];
  headers['content-type'] = image.mimetype;
  headers['content-length'] = String(image.body.length);
  const segments = transformationSegments(transform);
  if (segments.length > 0) headers['x-transformations'] = segments.join(',');
  const head = incoming.request.method === 'HEAD';
  return new Response(head ? null : new Uint8Array(image.body), { headers });
}
