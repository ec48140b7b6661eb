// Stores what this client adds to a note's document in the note's log, and keeps notes.body up
// to date. One store call at a time, in order:
//   * append: every update made here (kept on the device first, as pending entries) is merged
//     into one and appended; the answer carries the rows others stored since our cursor, which
//     we apply, so afterwards the document holds the whole log up to the new row (the cursor);
//   * body: only then is our text the merged text of the log up to the cursor, so that is when
//     it is written (in the append itself when nothing came in between, else right after),
//     throttled for large notes; the database keeps only the furthest prefix written;
//   * catch up: rows stored since the cursor (after a reconnect, or when a peer says it saved).
// Failures: offline → retried with backoff; refused → the owner of this saver is told (the
// entries stay on the device, nothing is dropped).
import * as Y from 'yjs';
import type { Clock, DocumentStore, LoadedDocument, LocalStore, PendingEntry } from './ports.ts';
import { StoreError } from './ports.ts';

export const ORIGIN_STORE = Symbol('sheaf-collab-store');

/** notes.body's limit (bytes of UTF-8), as the database checks it. */
export const BODY_LIMIT = 1048576;
const RETRY_FIRST = 1000;
const RETRY_MAX = 30_000;

/** How long to wait between body writes: none for small notes, up to 10 s for 1 MB. */
export function bodyInterval(length: number): number {
  return Math.min(10_000, Math.floor(length / 100_000) * 1000);
}

function fitsBody(text: string): boolean {
  return text.length * 3 <= BODY_LIMIT || new TextEncoder().encode(text).length <= BODY_LIMIT;
}

export interface SaverEvents {
  /** Something shown in the status changed (pending count, saving, a problem). */
  changed(): void;
  /** Our updates numbered up to `through` are stored, the last as row `seq`. */
  saved(through: number, seq: number): void;
  /** The store refused us: `forbidden` (no edit rights) or `gone` (no read rights, or deleted). */
  refused(reason: 'forbidden' | 'gone'): void;
}

interface Entry extends PendingEntry {
  /** The number this update was broadcast with (0: not ours to announce). */
  n: number;
}

export class Saver {
  cursor = 0;
  /** Rows the note's log holds, as far as we know (for compaction). */
  storedRows = 0;
  saving = false;
  bodyTooLarge = false;
  private pending: Entry[] = [];
  private nextKey = 1;
  private chain: Promise<void> = Promise.resolve();
  private persistQueued = false;
  private timer: unknown = null;
  private timerAt = Infinity;
  private retryDelay = RETRY_FIRST;
  private backingOff = false;
  private seedSha: string | null = null;
  private bodyOwed = false;
  private lastBodyAt = -Infinity;
  private knownBodySeq = 0;
  private halted = false;

  constructor(
    private readonly doc: Y.Doc,
    private readonly text: Y.Text,
    private readonly store: DocumentStore,
    private readonly local: LocalStore,
    private readonly clock: Clock,
    private readonly events: SaverEvents,
    private readonly canWrite: () => boolean,
  ) {}

  get pendingCount(): number {
    return this.pending.length;
  }

  /** What this device had kept: its cursor and its updates not stored yet. */
  restore(cursor: number, entries: PendingEntry[]): void {
    this.cursor = cursor;
    for (const entry of entries) {
      Y.applyUpdate(this.doc, entry.update, this.local.origin);
      this.pending.push({ ...entry, n: 0 });
      this.nextKey = Math.max(this.nextKey, entry.key + 1);
    }
  }

  /** An update made here (or taken over from a peer): kept on the device, then stored. */
  add(update: Uint8Array, n: number): void {
    const entry = { key: this.nextKey++, update, n };
    this.local.addPending({ key: entry.key, update });
    this.pending.push(entry);
    this.events.changed();
    if (!this.backingOff) this.schedule(this.pending.length > 1 ? 150 : 0);
  }

  /** The next append is the document's first, seeded from the body with this hash. */
  seeded(sha256: string): void {
    this.seedSha = sha256;
  }

  /** Applies a load from the store (rows after our cursor) and notes where the body stands. */
  applyLoad(loaded: LoadedDocument): void {
    this.storedRows = Math.max(loaded.stored, this.storedRows + loaded.updates.length);
    this.applyRows(loaded.updates);
    this.advance(loaded.lastSeq);
    this.knownBodySeq = Math.max(this.knownBodySeq, loaded.bodySeq);
    if (this.canWrite() && loaded.bodySeq < loaded.lastSeq) {
      this.bodyOwed = true;
      this.schedule(0);
    }
  }

  /** Rows others stored since our cursor. */
  catchUp(): Promise<void> {
    return this.run(async () => {
      try {
        this.applyLoad(await this.store.load(this.cursor));
      } catch (error) {
        this.failed(error, false);
      }
    });
  }

  /** Try now (the connection is back, the channel rejoined). */
  kick(): void {
    this.halted = false;
    this.backingOff = false;
    this.retryDelay = RETRY_FIRST;
    this.clearTimer();
    this.schedule(0);
  }

  /** Stops trying until kick() (access lost; the entries stay on the device). */
  halt(): void {
    this.halted = true;
    this.clearTimer();
  }

  /** Stores everything pending now (and the body if owed); resolves when done or failed. */
  async flush(): Promise<void> {
    this.clearTimer();
    this.lastBodyAt = -Infinity;
    await this.run(() => this.persist());
  }

  /** Runs persist() after `delay`, unless it is already due sooner. */
  private schedule(delay: number): void {
    if (this.halted) return;
    const at = this.clock.now() + delay;
    if (this.timer !== null && this.timerAt <= at) return;
    this.clearTimer();
    this.timerAt = at;
    this.timer = this.clock.setTimeout(() => {
      this.timer = null;
      this.timerAt = Infinity;
      if (this.persistQueued) return;
      this.persistQueued = true;
      void this.run(async () => {
        this.persistQueued = false;
        await this.persist();
      });
    }, delay);
  }

  private clearTimer(): void {
    if (this.timer !== null) this.clock.clearTimeout(this.timer);
    this.timer = null;
    this.timerAt = Infinity;
  }

  private run(task: () => Promise<void>): Promise<void> {
    const next = this.chain.then(task, task);
    this.chain = next.catch(() => undefined);
    return next;
  }

  private applyRows(rows: Uint8Array[]): void {
    if (!rows.length) return;
    this.doc.transact(() => {
      for (const row of rows) Y.applyUpdate(this.doc, row, ORIGIN_STORE);
    }, ORIGIN_STORE);
  }

  private advance(seq: number): void {
    if (seq <= this.cursor) return;
    this.cursor = seq;
    this.local.setCursor(seq);
  }

  /** The text to write as the body now, or undefined (not due yet, or over the limit). */
  private bodyDue(): string | undefined {
    if (this.clock.now() < this.lastBodyAt + bodyInterval(this.text.length)) return undefined;
    const text = this.text.toString();
    this.bodyTooLarge = !fitsBody(text);
    return this.bodyTooLarge ? undefined : text;
  }

  private async persist(): Promise<void> {
    if (this.halted || !this.canWrite()) return;
    const batch = this.pending.slice();
    if (!batch.length) return this.writeBodyIfOwed();
    const update =
      batch.length === 1 ? batch[0]!.update : Y.mergeUpdates(batch.map((e) => e.update));
    const body = this.bodyDue();
    this.saving = true;
    this.events.changed();
    try {
      const result = await this.store.append(update, {
        afterSeq: this.cursor,
        ...(body !== undefined ? { body } : {}),
        ...(this.seedSha ? { seedSha256: this.seedSha } : {}),
      });
      this.retryDelay = RETRY_FIRST;
      this.backingOff = false;
      if (result.kind === 'seed-conflict') {
        // Someone stored a document first, or the body changed: take theirs, then store ours.
        this.seedSha = null;
        this.applyLoad(await this.store.load(this.cursor));
        this.schedule(0);
        return;
      }
      this.seedSha = null;
      this.storedRows += 1 + result.between.length;
      this.applyRows(result.between);
      this.advance(result.seq);
      const through = batch[batch.length - 1]!.key;
      this.pending = this.pending.filter((e) => e.key > through);
      this.local.removePending(through);
      this.events.saved(Math.max(...batch.map((e) => e.n)), result.seq);
      if (body !== undefined) this.lastBodyAt = this.clock.now();
      if (result.bodySaved) this.knownBodySeq = result.seq;
      else this.bodyOwed = true;
      if (result.bodyTooLarge) this.bodyTooLarge = true;
      if (this.pending.length) this.schedule(150);
      else if (this.bodyOwed) this.scheduleBody();
    } catch (error) {
      this.failed(error, true);
    } finally {
      this.saving = false;
      this.events.changed();
    }
  }

  private scheduleBody(): void {
    const wait = this.lastBodyAt + bodyInterval(this.text.length) - this.clock.now();
    this.schedule(Math.max(0, wait));
  }

  private async writeBodyIfOwed(): Promise<void> {
    if (!this.bodyOwed || this.cursor <= this.knownBodySeq) {
      this.bodyOwed = false;
      return;
    }
    const body = this.bodyDue();
    if (body === undefined) {
      if (!this.bodyTooLarge) this.scheduleBody();
      return;
    }
    try {
      const through = this.cursor;
      await this.store.setBody(body, through);
      // False means a body at least that far along was written already: either way, done.
      this.knownBodySeq = Math.max(this.knownBodySeq, through);
      this.lastBodyAt = this.clock.now();
      this.bodyOwed = false;
      this.backingOff = false;
    } catch (error) {
      this.failed(error, true);
    }
  }

  private failed(error: unknown, retry: boolean): void {
    const reason = error instanceof StoreError ? error.reason : 'offline';
    if (reason === 'forbidden' || reason === 'gone') {
      this.halt();
      this.events.refused(reason);
    } else if (reason === 'too_large') {
      this.bodyTooLarge = true;
      this.bodyOwed = false;
    } else if (retry) {
      if (!(error instanceof StoreError)) console.error('collab: store call failed', error);
      this.backingOff = true;
      this.clearTimer();
      this.schedule(this.retryDelay);
      this.retryDelay = Math.min(RETRY_MAX, this.retryDelay * 2);
    }
    this.events.changed();
  }
}
