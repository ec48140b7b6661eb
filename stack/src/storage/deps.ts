// What Storage's handlers are given: the stack's context, the two ports (the database store and
// the byte store) and the settings read once at start.
import type { StackContext } from '../context/context.ts';
import type { Keys } from '../keys/keys.ts';
import type { ByteStore } from './byte-store.ts';
import type { StorageStore } from './store/store.ts';

export interface StorageDeps {
  ctx: StackContext;
  /** The project's keys, remembering verified bearer JWTs until they expire (keys/jwt-cache.ts). */
  keys: Keys;
  /** Every SQL statement Storage runs (storage/store/). */
  store: StorageStore;
  /** Where object bytes live, by version. */
  bytes: ByteStore;
  /** [storage] file_size_limit in bytes: the cap for every upload and bucket limit. */
  globalLimit: number;
  /** The HS256 secret signed URLs are signed with (the project's JWT secret). */
  urlSigningSecret: Uint8Array;
}
