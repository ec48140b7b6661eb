// Turns an upload request into what the uploader needs: the byte stream, MIME type, cache
// control and user metadata, from either a multipart form (storage-js with Blob/File/FormData)
// or a raw body with headers (strings, buffers, streams), as Supabase Storage reads them.
import type { BodyReader, RequestView } from '../context/view.ts';
import { errors } from './errors.ts';
import { boundaryOf, readMultipart } from './multipart.ts';

const MAX_METADATA_BYTES = 1024 * 1024;
/** How much of a rejected upload is read and discarded so the client sees the answer. */
const DRAIN_CAP_BYTES = 64 * 1024 * 1024;

export interface UploadBody {
  chunks: AsyncIterable<Uint8Array>;
  mimeType: string;
  cacheControl: string;
  userMetadata: Record<string, unknown> | undefined;
  /** Content-Length of a raw body, when declared. */
  declaredLength: number | undefined;
  /** Reads and discards what is left of the request (after a rejection). */
  drain(): Promise<void>;
}

/** The body's remaining chunks; stopping early does not cancel the request (drain does). */
async function* chunksOf(body: BodyReader): AsyncGenerator<Uint8Array> {
  for (let chunk = await body.read(); chunk; chunk = await body.read()) yield chunk;
}

/**
 * Reads and discards the rest (up to cap bytes) so the client can read our answer; beyond the
 * cap the request is cancelled, which closes the connection.
 */
async function drainBody(body: BodyReader, cap: number): Promise<void> {
  let seen = 0;
  try {
    for (let chunk = await body.read(); chunk; chunk = await body.read()) {
      seen += chunk.byteLength;
      if (seen > cap) {
        await body.cancel();
        return;
      }
    }
  } catch {
    // the client went away
  }
}

function parseMetadata(
  text: string | undefined,
  base64: boolean,
): Record<string, unknown> | undefined {
  if (text === undefined) return undefined;
  if (Buffer.byteLength(text) > MAX_METADATA_BYTES) throw errors.entityTooLarge('user_metadata');
  try {
    const json = base64 ? Buffer.from(text, 'base64').toString('utf8') : text;
    const value: unknown = JSON.parse(json);
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    if (base64) throw errors.invalidParameter('x-metadata', 'Invalid metadata header');
    return undefined;
  }
}

export async function readUploadBody(view: RequestView): Promise<UploadBody> {
  const body = view.body();
  if (!body) throw errors.noContent();
  const chunks = chunksOf(body);
  const drain = () => drainBody(body, DRAIN_CAP_BYTES);
  const headers = view.headerRecord();
  const contentType = headers['content-type'] ?? '';
  if (contentType.toLowerCase().startsWith('multipart/form-data')) {
    const boundary = boundaryOf(contentType);
    if (!boundary) throw errors.noContent();
    const form = await readMultipart(chunks, boundary);
    const cacheTime = form.fields.cacheControl;
    return {
      chunks: form.data,
      mimeType: form.fields.contentType || form.mimeType || 'text/plain',
      cacheControl: cacheTime ? `max-age=${cacheTime}` : 'no-cache',
      userMetadata: parseMetadata(form.fields.metadata ?? form.fields.userMetadata, false),
      declaredLength: undefined,
      drain,
    };
  }
  const length = Number(headers['content-length'] ?? Number.NaN);
  return {
    chunks,
    mimeType: contentType || 'application/octet-stream',
    cacheControl: headers['cache-control'] ?? 'no-cache',
    userMetadata: parseMetadata(headers['x-metadata'], true),
    declaredLength: Number.isFinite(length) && length >= 0 ? length : undefined,
    drain,
  };
}

/** Reads and discards a body nobody started reading (a request refused before its upload). */
export async function drainUnread(view: RequestView): Promise<void> {
  const body = view.body();
  if (body && !body.started) await drainBody(body, DRAIN_CAP_BYTES);
}
