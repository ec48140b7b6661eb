// The byte-store port: where object bytes live. Domain code only sees this interface; the local
// disk driver (disk-store.ts) implements it. Bytes are addressed by object version (a fresh UUID
// per write), never by key, so a key cannot name a path and a new version never overwrites
// bytes a reader may have open.
import type { Readable } from 'node:stream';

export interface StagedUpload {
  /** Bytes written so far. */
  size: number;
  /** Quoted MD5 of the bytes, as Storage's ETag. */
  etag: string;
  /** Moves the staged bytes to their version's place (before the row commits; invisible until then). */
  publish(version: string): Promise<void>;
  /** Removes the staged bytes (idempotent). */
  discard(): Promise<void>;
}

export interface ByteStore {
  /**
   * Streams chunks into a temporary file. Throws `tooLarge()` as soon as more than maxBytes
   * arrive, and rethrows any stream error; in both cases nothing is left behind.
   */
  stage(
    chunks: AsyncIterable<Uint8Array>,
    maxBytes: number,
    tooLarge: () => Error,
  ): Promise<StagedUpload>;
  /** Copies a version's bytes to a new version. */
  copy(fromVersion: string, toVersion: string): Promise<void>;
  /** Reads a version (optionally a byte range, inclusive). Throws ENOENT-coded errors when gone. */
  read(version: string, range?: { start: number; end: number }): Promise<Readable>;
  /** Reads a whole version into memory (small objects). Throws ENOENT-coded errors when gone. */
  readAll(version: string): Promise<Buffer>;
  /** Deletes versions; missing ones are ignored. */
  remove(versions: string[]): Promise<void>;
  /** Every stored version (for sweeping bytes no row refers to). */
  list(): Promise<string[]>;
}
