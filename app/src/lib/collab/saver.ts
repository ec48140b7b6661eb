// Stores what this client adds to a note's document in the note's log, and keeps notes.title and
// notes.body up to date. One store call at a time, in order:
//   * append: every update made here (kept on the device first, as pending entries) is merged
//     into one and appended; the answer carries the rows others stored since our cursor, which
//     we apply, so afterwards the document holds the whole log up to the new row (the cursor);
//   * text: only then is our title and body the merged text of the log up to the cursor, so
//     that is when they are written (in the append itself when nothing came in between, else
//     right after); the body is throttled for large notes, a changed title is not; a body over
//     the size limit is not sent — that it does not fit is (notes.body_too_large); the database
//     keeps only the furthest prefix written;
//   * catch up: rows stored since the cursor (after a reconnect, or when a peer says it saved).
// Failures: offline → retried with backoff; refused → the owner of this saver is told (the
// entries stay on the device, nothing is dropped).
import * as Y from 'yjs';
import { BODY_MAX_BYTES, isTooLarge, titleFits } from '../text/note-limits.ts';
import type {
  Clock,
  DocumentStore,
  LoadedDocument,
  LocalStore,
  NoteText,
  PendingEntry,
} from './ports.ts';
import { StoreError } from './ports.ts';

export const ORIGIN_STORE = Symbol('sheaf-collab-store');
const RETRY_FIRST = 1000;
const RETRY_MAX = 30_000;
/** A long body's bytes are counted at most this often while it changes. */
const MEASURE_MS = 250;

/** How long to wait between body writes: none for small notes, up to 10 s for 1 MB. */
export function bodyInterval(length: number): number {
  return Math.min(10_000, Math.floor(length / 100_000) * 1000);
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
  /** The document's body is over notes.body's limit (measured on every change). */
  bodyTooLarge = false;
  /** The document's title is over notes.title's limit. */
  titleTooLong = false;
  private pending: Entry[] = [];
  private nextKey = 1;
  private chain: Promise<void> = Promise.resolve();
  private persistQueued = false;
  private timer: unknown = null;
  private timerAt = Infinity;
  private retryDelay = RETRY_FIRST;
  private backingOff = false;
  private seedSha: string | null = null;
  /** The stored title or body may be behind our cursor: write them when due. */
  private textOwed = false;
  private lastBodyAt = -Infinity;
  private knownBodySeq = 0;
  /** notes.body_too_large as far as we know (so that it is said once, not with every append). */
  private flaggedTooLarge = false;
  /** notes.title as far as we know: as loaded, or as this client last wrote it. */
  private sentTitle: string | null = null;
  private halted = false;
  private measuredAt = -Infinity;
  private measureTimer: unknown = null;

  constructor(
    private readonly doc: Y.Doc,
    private readonly texts: { title: Y.Text; body: Y.Text },
    private readonly store: DocumentStore,
    private readonly local: LocalStore,
    private readonly clock: Clock,
    private readonly events: SaverEvents,
    private readonly canWrite: () => boolean,
    /** Whether the document's title may be written (its seed, if any, is in the document). */
    private readonly titleReady: () => boolean,
    /** The least wait between two writes of the text while others are in the note (pacing.ts). */
    private readonly textPace: () => number = () => 0,
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

  /**
   * Measures the document's text against the limits after any change (ours or anyone's): true
   * when whether it fits changed. A change either way is owed to the database (the body that
   * fits again, or the flag that it does not).
   */
  measure(): boolean {
    const tooLarge = this.bodyOverLimit();
    if (tooLarge === null) return false;
    const tooLong = !titleFits(this.texts.title.toString());
    const changed = tooLarge !== this.bodyTooLarge || tooLong !== this.titleTooLong;
    this.bodyTooLarge = tooLarge;
    this.titleTooLong = tooLong;
    if (changed && this.canWrite()) {
      this.textOwed = true;
      this.lastBodyAt = -Infinity;
      if (!this.backingOff) this.schedule(0);
    }
    return changed;
  }

  /**
   * Whether the body is over the limit — from its length alone when that decides it (a UTF-16
   * unit is 1 to 3 bytes), else counted, at most every MEASURE_MS (null: not now, a measure
   * is scheduled).
   */
  private bodyOverLimit(): boolean | null {
    const units = this.texts.body.length;
    if (units * 3 <= BODY_MAX_BYTES) return false;
    if (units > BODY_MAX_BYTES) return true;
    const wait = this.measuredAt + MEASURE_MS - this.clock.now();
    if (wait > 0) {
      this.measureTimer ??= this.clock.setTimeout(() => {
        this.measureTimer = null;
        if (this.measure()) this.events.changed();
      }, wait);
      return null;
    }
    this.measuredAt = this.clock.now();
    return isTooLarge(this.texts.body.toString());
  }

  /** Applies a load from the store (rows after our cursor) and notes where the text stands. */
  applyLoad(loaded: LoadedDocument): void {
    this.storedRows = Math.max(loaded.stored, this.storedRows + loaded.updates.length);
    this.applyRows(loaded.updates);
    this.advance(loaded.lastSeq);
    this.knownBodySeq = Math.max(this.knownBodySeq, loaded.bodySeq);
    this.sentTitle = loaded.title;
    if (loaded.bodySeq >= this.knownBodySeq) this.flaggedTooLarge = loaded.bodyTooLarge;
    if (this.canWrite() && loaded.bodySeq < loaded.lastSeq) {
      this.textOwed = true;
      this.schedule(0);
    }
  }

  /**
   * The document's title may be written from now on (the first load, and its seed if any, are
   * in): if it is not what notes.title holds — a title edited before the load came, kept on this
   * device — it is owed.
   */
  titleSettled(): void {
    if (!this.canWrite() || this.texts.title.toString() === this.sentTitle) return;
    this.textOwed = true;
    if (!this.backingOff) this.schedule(0);
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

  /** Lets go of timers for good (the note closed). */
  dispose(): void {
    this.halt();
    if (this.measureTimer !== null) this.clock.clearTimeout(this.measureTimer);
    this.measureTimer = null;
  }

  /** Stores everything pending now (and the text if owed); resolves when done or failed. */
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

  private bodyDueAt(): number {
    return this.lastBodyAt + Math.max(bodyInterval(this.texts.body.length), this.textPace());
  }

  /**
   * What to write with the next store call, or undefined: the body when its interval has passed
   * (or that it does not fit, unless the database knows already), the title when it is sent with
   * the body or has changed since this client last wrote it — and neither over its limit.
   */
  private textDue(): NoteText | undefined {
    const text: NoteText = {};
    if (this.clock.now() >= this.bodyDueAt()) {
      const body = this.texts.body.toString();
      this.bodyTooLarge = isTooLarge(body);
      if (!this.bodyTooLarge) text.body = body;
      else if (!this.flaggedTooLarge) text.tooLarge = true;
    }
    if (this.titleReady()) {
      const title = this.texts.title.toString();
      this.titleTooLong = !titleFits(title);
      const withBody = text.body !== undefined || text.tooLarge === true;
      if (!this.titleTooLong && (withBody || title !== this.sentTitle)) text.title = title;
    }
    return Object.keys(text).length ? text : undefined;
  }

  /** What a text write that succeeded through `seq` tells us about the database's state. */
  private wrote(text: NoteText, seq: number): void {
    if (text.title !== undefined) this.sentTitle = text.title;
    if (text.body !== undefined || text.tooLarge) {
      this.knownBodySeq = Math.max(this.knownBodySeq, seq);
      this.flaggedTooLarge = text.tooLarge === true;
      this.lastBodyAt = this.clock.now();
    }
  }

  /** Whether the body the database has is as far along as it can be. */
  private bodyCurrent(): boolean {
    return this.cursor <= this.knownBodySeq || (this.bodyTooLarge && this.flaggedTooLarge);
  }

  private async persist(): Promise<void> {
    if (this.halted || !this.canWrite()) return;
    const batch = this.pending.slice();
    if (!batch.length) return this.writeTextIfOwed();
    const update =
      batch.length === 1 ? batch[0]!.update : Y.mergeUpdates(batch.map((e) => e.update));
    const text = this.textDue();
    this.saving = true;
    this.events.changed();
    try {
      const result = await this.store.append(update, {
        afterSeq: this.cursor,
        ...(text ? { text } : {}),
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
      if (text && result.textSaved) this.wrote(text, result.seq);
      if (result.textTooLarge) this.textRefused();
      else if (!text || !result.textSaved || this.bodyWaiting()) this.textOwed = true;
      if (this.pending.length) this.schedule(150);
      else if (this.textOwed) this.scheduleText();
    } catch (error) {
      this.failed(error, true);
    } finally {
      this.saving = false;
      this.events.changed();
    }
  }

  private scheduleText(): void {
    this.schedule(Math.max(0, this.bodyDueAt() - this.clock.now()));
  }

  private async writeTextIfOwed(): Promise<void> {
    if (!this.textOwed) return;
    const text = this.textDue();
    if (!text) {
      // Nothing to write now; the body may still be owed once its interval has passed.
      if (this.bodyWaiting()) this.scheduleText();
      else this.textOwed = false;
      return;
    }
    try {
      const through = this.cursor;
      // False means a text at least that far along was written already: either way, done.
      await this.store.setText(through, text);
      this.wrote(text, through);
      this.textOwed = this.bodyWaiting();
      if (this.textOwed) this.scheduleText();
      this.backingOff = false;
    } catch (error) {
      this.failed(error, true);
    }
  }

  /** The body the database has is behind ours, and ours fits: it is still to be written. */
  private bodyWaiting(): boolean {
    return !this.bodyCurrent() && !this.bodyTooLarge;
  }

  /** The database refused the text as over a limit: it stays unwritten until the text changes. */
  private textRefused(): void {
    this.bodyTooLarge = isTooLarge(this.texts.body.toString());
    this.titleTooLong = !titleFits(this.texts.title.toString());
    // Its limits are the ones that count, even where ours say the text fits.
    if (!this.bodyTooLarge && !this.titleTooLong) this.bodyTooLarge = true;
    this.textOwed = false;
  }

  private failed(error: unknown, retry: boolean): void {
    const reason = error instanceof StoreError ? error.reason : 'offline';
    if (reason === 'forbidden' || reason === 'gone') {
      this.halt();
      this.events.refused(reason);
    } else if (reason === 'too_large') {
      this.textRefused();
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
