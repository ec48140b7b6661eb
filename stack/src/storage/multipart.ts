// A streaming multipart/form-data reader for uploads: text fields before the first file part are
// buffered (small), the file part is streamed chunk by chunk and never held in memory whole.
// Parts after the first file are ignored, as Supabase Storage does.
import { errors } from './errors.ts';

const MAX_FIELD_BYTES = 1024 * 1024;
const MAX_HEADER_BYTES = 16 * 1024;

class ByteReader {
  buf: Buffer = Buffer.alloc(0);
  private ended = false;
  constructor(private readonly source: AsyncIterator<Uint8Array>) {}

  /** Appends the next chunk; false at the end of the stream. */
  async fill(): Promise<boolean> {
    if (this.ended) return false;
    const next = await this.source.next();
    if (next.done) {
      this.ended = true;
      return false;
    }
    const chunk = Buffer.from(next.value.buffer, next.value.byteOffset, next.value.byteLength);
    this.buf = this.buf.length ? Buffer.concat([this.buf, chunk]) : chunk;
    return true;
  }

  /** Consumes and returns the bytes before `seq` (and `seq` itself). */
  async until(seq: Buffer, max: number): Promise<Buffer> {
    for (;;) {
      const index = this.buf.indexOf(seq);
      if (index >= 0) {
        const head = this.buf.subarray(0, index);
        this.buf = this.buf.subarray(index + seq.length);
        return head;
      }
      if (this.buf.length > max + seq.length) throw errors.entityTooLarge('user_metadata');
      if (!(await this.fill())) throw errors.invalidRequest('Unexpected end of form');
    }
  }
}

export interface MultipartFile {
  fields: Record<string, string>;
  /** The file part's own Content-Type. */
  mimeType: string | undefined;
  data: AsyncIterable<Uint8Array>;
}

function partHeaders(raw: Buffer): { name?: string; filename?: string; type?: string } {
  const out: { name?: string; filename?: string; type?: string } = {};
  for (const line of raw.toString('utf8').split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon < 0) continue;
    const header = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    if (header === 'content-type') out.type = value;
    if (header === 'content-disposition') {
      out.name = /\bname="([^"]*)"/i.exec(value)?.[1];
      out.filename = /\bfilename="([^"]*)"/i.exec(value)?.[1];
    }
  }
  return out;
}

export function boundaryOf(contentType: string): string | undefined {
  const match = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  return match?.[1] ?? match?.[2];
}

/** Reads fields up to the first file part; the file's bytes are then streamed from `data`. */
export async function readMultipart(
  chunks: AsyncIterable<Uint8Array>,
  boundary: string,
): Promise<MultipartFile> {
  const reader = new ByteReader(chunks[Symbol.asyncIterator]());
  const dash = Buffer.from(`--${boundary}`);
  const delimiter = Buffer.from(`\r\n--${boundary}`);
  const crlf2 = Buffer.from('\r\n\r\n');
  const fields: Record<string, string> = {};
  await reader.until(dash, MAX_HEADER_BYTES);
  for (;;) {
    while (reader.buf.length < 2) if (!(await reader.fill())) throw errors.noContent();
    if (reader.buf.subarray(0, 2).toString() === '--') throw errors.noContent();
    const headers = partHeaders(await reader.until(crlf2, MAX_HEADER_BYTES));
    if (headers.filename === undefined) {
      const value = await reader.until(delimiter, MAX_FIELD_BYTES);
      if (headers.name !== undefined) fields[headers.name] = value.toString('utf8');
      continue;
    }
    return { fields, mimeType: headers.type, data: fileData(reader, delimiter) };
  }
}

async function* fileData(reader: ByteReader, delimiter: Buffer): AsyncGenerator<Uint8Array> {
  for (;;) {
    const index = reader.buf.indexOf(delimiter);
    if (index >= 0) {
      if (index > 0) yield reader.buf.subarray(0, index);
      reader.buf = Buffer.alloc(0);
      return;
    }
    const keep = Math.min(reader.buf.length, delimiter.length - 1);
    const emit = reader.buf.length - keep;
    if (emit > 0) {
      yield reader.buf.subarray(0, emit);
      reader.buf = reader.buf.subarray(emit);
    }
    if (!(await reader.fill())) throw errors.invalidRequest('Unexpected end of form');
  }
}
