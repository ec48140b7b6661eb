// Turns an upload request into what the uploader needs: the byte stream, MIME type, cache
// control and user metadata, from either a multipart form (storage-js with Blob/File/FormData)
// or a raw body with headers (strings, buffers, streams), as Supabase Storage reads them.
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

/** The request body read chunk by chunk; can be drained after an early rejection. */
class RawBody {
  private finished = false;
  constructor(private readonly reader: ReadableStreamDefaultReader<Uint8Array>) {}

  async next(): Promise<Uint8Array | undefined> {
    if (this.finished) return undefined;
    const { done, value } = await this.reader.read();
    if (done) this.finished = true;
    return value;
  }

  /** The remaining chunks; stopping early does not cancel the request (drain does). */
  async *chunks(): AsyncGenerator<Uint8Array> {
    for (;;) {
      const chunk = await this.next();
      if (!chunk) return;
      yield chunk;
    }
  }

  /**
   * Reads and discards the rest (up to cap bytes) so the client can read our answer; beyond the
   * cap the request is cancelled, which closes the connection.
   */
  async drain(cap: number): Promise<void> {
    let seen = 0;
    try {
      for (let chunk = await this.next(); chunk; chunk = await this.next()) {
        seen += chunk.byteLength;
        if (seen > cap) {
          await this.reader.cancel();
          return;
        }
      }
    } catch {
      // the client went away
    }
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

export async function readUploadBody(request: Request): Promise<UploadBody> {
  if (!request.body) throw errors.noContent();
  const raw = new RawBody(request.body.getReader());
  const chunks = raw.chunks();
  const drain = () => raw.drain(DRAIN_CAP_BYTES);
  const contentType = request.headers.get('content-type') ?? '';
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
  const length = Number(request.headers.get('content-length') ?? Number.NaN);
  return {
    chunks,
    mimeType: contentType || 'application/octet-stream',
    cacheControl: request.headers.get('cache-control') ?? 'no-cache',
    userMetadata: parseMetadata(request.headers.get('x-metadata') ?? undefined, true),
    declaredLength: Number.isFinite(length) && length >= 0 ? length : undefined,
    drain,
  };
}

/** Reads and discards a body nobody started reading (a request refused before its upload). */
export async function drainUnread(request: Request): Promise<void> {
  if (request.body && !request.bodyUsed && !request.body.locked)
    await new RawBody(request.body.getReader()).drain(DRAIN_CAP_BYTES);
}
