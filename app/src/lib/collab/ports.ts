// The edges of the sync engine: where stored updates live (the database, through its functions),
// how clients of one note talk (a Realtime channel), what this device keeps (IndexedDB), and
// time. The engine depends only on these; supabase-*.ts and indexeddb-*.ts implement them for
// the app, testing/ in memory for the property test.
import type * as Y from 'yjs';

export interface LoadedDocument {
  /** The stored rows after the requested seq, in order. */
  updates: Uint8Array[];
  /** The last stored row's number (the client's new cursor once it applied `updates`). */
  lastSeq: number;
  /** How many rows the note has stored in all (for compaction). */
  stored: number;
  /** The prefix of the log that notes.body reflects. */
  bodySeq: number;
  /** The body to seed the document from, while the note has no document; else null. */
  seed: string | null;
  /** notes.title as stored now. */
  title: string;
  /** The prefix of the log that notes.title reflects (0: never written from the document). */
  titleSeq: number;
  /** The title to seed the document's title from, while none was written from it; else null. */
  titleSeed: string | null;
  /** notes.body is behind the log because the merged body does not fit (notes.body_too_large). */
  bodyTooLarge: boolean;
}

/** A client's merged text, to be written as notes.title / notes.body. */
export interface NoteText {
  title?: string;
  body?: string;
  /** The merged body does not fit notes.body (sent instead of `body`). */
  tooLarge?: boolean;
}

export interface AppendOptions {
  /** The last row the client has (rows after it come back); null when unknown. */
  afterSeq: number | null;
  /** The client's merged text, written when nothing was stored in between. */
  text?: NoteText;
  /** SHA-256 (hex) of the body this first update was seeded from. */
  seedSha256?: string;
}

export type AppendResult =
  | {
      kind: 'stored';
      seq: number;
      between: Uint8Array[];
      /** The text sent was written (as far as it was not already further along). */
      textSaved: boolean;
      /** The text sent was refused as over a limit. */
      textTooLarge: boolean;
    }
  | { kind: 'seed-conflict' };

/** One note's document in the database. Failures are StoreErrors. */
export interface DocumentStore {
  load(afterSeq: number): Promise<LoadedDocument>;
  append(update: Uint8Array, options: AppendOptions): Promise<AppendResult>;
  /** Writes the text of the log up to `throughSeq` (false: it was already that far along). */
  setText(throughSeq: number, text: NoteText): Promise<boolean>;
  compact(throughSeq: number, snapshot: Uint8Array, text: NoteText): Promise<boolean>;
}

/**
 * offline: not reached (network, timeout, server trouble) — try again later.
 * forbidden: the caller may read but not write (viewer, or lost edit rights).
 * gone: the note does not exist or the caller may not read it any more.
 * too_large: the merged text is over the title's or the body's size limit.
 * invalid: a request the server refused as malformed.
 */
export type StoreFailure = 'offline' | 'forbidden' | 'gone' | 'too_large' | 'invalid';

export class StoreError extends Error {
  constructor(
    readonly reason: StoreFailure,
    message: string,
    readonly code?: string,
  ) {
    super(message);
    this.name = 'StoreError';
  }
}

export type ChannelStatus = 'joining' | 'joined' | 'closed' | 'refused';

export interface ChannelHandlers {
  message(bytes: Uint8Array): void;
  status(status: ChannelStatus): void;
}

/** A note's private broadcast channel. send() is false when the message could not go out. */
export interface SyncChannel {
  open(handlers: ChannelHandlers): void;
  send(bytes: Uint8Array): boolean;
  close(): Promise<void>;
}

export interface PendingEntry {
  key: number;
  update: Uint8Array;
}

export interface LocalDocument {
  /** The last stored row this device's copy is known to hold with all rows before it. */
  cursor: number;
  /** Updates made here and not stored yet, oldest first. */
  pending: PendingEntry[];
  /** Peers' updates held until their authors said they stored them (see peers.ts). */
  held: PendingEntry[];
  /** Whether this device had a copy of the document at all. */
  hadCopy: boolean;
}

/**
 * This device's copy of one note's document. open() loads it into the doc and keeps it in step
 * with the doc from then on; pending updates are written in order, each durable once written.
 */
export interface LocalStore {
  /** The transaction origin of what open() applies (not an edit made here). */
  readonly origin: unknown;
  open(doc: Y.Doc): Promise<LocalDocument>;
  addPending(entry: PendingEntry): void;
  /** Removes the pending entries with key ≤ throughKey. */
  removePending(throughKey: number): void;
  /** Keeps a peer's update until release(); keys are the caller's, apart from pending keys. */
  hold(entry: PendingEntry): void;
  release(keys: number[]): void;
  /** Records the cursor once the rows up to it are in the stored copy. */
  setCursor(seq: number): void;
  close(): Promise<void>;
}

export interface Clock {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** Real time; a zero delay runs at the end of the current task (a microtask), not a later one. */
export const realClock: Clock = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => {
    if (ms > 0) return setTimeout(fn, ms);
    const handle = { cancelled: false };
    queueMicrotask(() => {
      if (!handle.cancelled) fn();
    });
    return handle;
  },
  clearTimeout: (handle) => {
    if (handle && typeof handle === 'object' && 'cancelled' in handle)
      (handle as { cancelled: boolean }).cancelled = true;
    else clearTimeout(handle as ReturnType<typeof setTimeout>);
  },
};
