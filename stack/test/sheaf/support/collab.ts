// Helpers for the collaboration tests: bytes as the functions take them (base64), frames as
// they return them (4-byte big-endian length, then the bytes), and the shape of note_document().
import { createHash } from 'node:crypto';

export interface DocumentReply {
  frames: string;
  count: number;
  last_seq: number;
  stored: number;
  body_seq: number;
  seed: string | null;
  title_seq: number;
  title_seed: string | null;
  body_too_large: boolean;
}

export function b64(bytes: number[] | Uint8Array): string {
  return Buffer.from(Uint8Array.from(bytes)).toString('base64');
}

/** The rows in a frames string, each as an array of byte values. */
export function frames(text: string): number[][] {
  const buf = Buffer.from(text, 'base64');
  const out: number[][] = [];
  for (let at = 0; at < buf.length;) {
    const size = buf.readUInt32BE(at);
    out.push([...buf.subarray(at + 4, at + 4 + size)]);
    at += 4 + size;
  }
  return out;
}

export function sha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}
