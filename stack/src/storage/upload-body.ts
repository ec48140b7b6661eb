// Turns an upload request into what the uploader needs: the byte stream, MIME type, cache
// control and user metadata, from either a multipart form (storage-js with Blob/File/FormData)
// or a raw body with headers (strings, buffers, streams), as Supabase Storage reads them.
import { errors } from './errors.ts';
import { boundaryOf, readMultipart } from './multipart.ts';

const MAX_METADATA_BYTES = 1024 * 1024;

export interface UploadBody {
  chunks: AsyncIterable<Uint8Array>;
  mimeType: string;
  cacheControl: string;
  userMetadata: Record<string, unknown> | undefined;
  /** Content-Length of a raw body, when declared. */
  declaredLength: number | undefined;
  /** Stops reading the request (after an early rejection). */
  cancel(): Promise<void>;
}

async function* streamChunks(body: ReadableStream<Uint8Array>): AsyncGenerator<Uint8Array> {
  const reader = body.getReader();
  let finished = false;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) {
        finished = true;
        return;
      }
      yield value;
    }
  } finally {
    if (!finished) await reader.cancel().catch(() => undefined);
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
  const chunks = streamChunks(request.body);
  const cancel = async () => {
    await chunks.return(undefined).catch(() => undefined);
  };
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
      cancel,
    };
  }
  const length = Number(request.headers.get('content-length') ?? Number.NaN);
  return {
    chunks,
    mimeType: contentType || 'application/octet-stream',
    cacheControl: request.headers.get('cache-control') ?? 'no-cache',
    userMetadata: parseMetadata(request.headers.get('x-metadata') ?? undefined, true),
    declaredLength: Number.isFinite(length) && length >= 0 ? length : undefined,
    cancel,
  };
}
