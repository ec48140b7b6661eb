// Bytes as they travel: base64 for the database functions (which take and return text), frames
// (each stored row's bytes after a 4-byte big-endian length) for loads, and exact ArrayBuffers
// for Realtime's binary broadcasts. No dependency on Node's Buffer: this runs in the browser.

const CHUNK = 0x8000;

/** Uint8Array.prototype.toBase64 / Uint8Array.fromBase64, where the browser has them. */
interface NativeBase64 {
  toBase64?: (this: Uint8Array) => string;
}
const native = Uint8Array.prototype as Uint8Array & NativeBase64;
const nativeFrom = (Uint8Array as unknown as { fromBase64?: (text: string) => Uint8Array })
  .fromBase64;

export function toBase64(bytes: Uint8Array): string {
  if (native.toBase64) return native.toBase64.call(bytes);
  let binary = '';
  for (let at = 0; at < bytes.length; at += CHUNK)
    binary += String.fromCharCode(...bytes.subarray(at, at + CHUNK));
  return btoa(binary);
}

export function fromBase64(text: string): Uint8Array {
  if (nativeFrom) return nativeFrom(text);
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** The rows of a frames string, in order. A truncated frame is an error, never half a row. */
export function decodeFrames(text: string): Uint8Array[] {
  if (!text) return [];
  const bytes = fromBase64(text);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const rows: Uint8Array[] = [];
  for (let at = 0; at < bytes.length;) {
    if (at + 4 > bytes.length) throw new Error('truncated frame header');
    const size = view.getUint32(at);
    if (at + 4 + size > bytes.length) throw new Error('truncated frame');
    rows.push(bytes.subarray(at + 4, at + 4 + size));
    at += 4 + size;
  }
  return rows;
}

/** Frames of the given rows (the inverse of decodeFrames; used by tests and fakes). */
export function encodeFrames(rows: Uint8Array[]): string {
  const size = rows.reduce((sum, row) => sum + 4 + row.length, 0);
  const bytes = new Uint8Array(size);
  const view = new DataView(bytes.buffer);
  let at = 0;
  for (const row of rows) {
    view.setUint32(at, row.length);
    bytes.set(row, at + 4);
    at += 4 + row.length;
  }
  return toBase64(bytes);
}

/** An ArrayBuffer holding exactly these bytes (Realtime sends ArrayBuffers as binary). */
export function toArrayBuffer(bytes: Uint8Array): ArrayBuffer {
  if (bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength)
    return bytes.buffer as ArrayBuffer;
  return bytes.slice().buffer as ArrayBuffer;
}

export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}
