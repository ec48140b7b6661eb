// An in-memory stand-in for the database functions of one note (note_document,
// append_note_update, set_note_text, compact_note_updates) with the same rules: rows numbered
// in order with no gaps, the rows in between returned, the title and body written only forwards
// and only when nothing came in between, the limits checked (a text over one is refused, that a
// body does not fit is recorded), seeds checked, compaction replacing exactly the rows it merged.
// Each client reaches it through a MemoryStore whose connection the test turns on and off;
// an append may also be stored while its answer is lost, as on a real network.
import * as Y from 'yjs';
import { sha256Hex } from '../codec.ts';
import {
  StoreError,
  type AppendOptions,
  type AppendResult,
  type DocumentStore,
  type LoadedDocument,
  type NoteText,
} from '../ports.ts';
import { isTooLarge, titleFits } from '../../text/note-limits.ts';
import { TEXT, TITLE } from '../seed.ts';

interface Row {
  seq: number;
  kind: 'update' | 'snapshot';
  data: Uint8Array;
}

export class MemoryServer {
  rows: Row[] = [];
  body: string;
  bodySeq = 0;
  title: string;
  titleSeq = 0;
  bodyTooLarge = false;
  /** Writes that changed notes.title/body (each a row change every member hears of). */
  textWrites = 0;
  /** While set, loads wait for it (a slow first load, for the order of what a client sends). */
  loadGate: Promise<void> | null = null;
  readonly writers = new Set<string>();
  readonly readers = new Set<string>();

  constructor(
    body = '',
    title = '',
    /** notes.body's limit in bytes (the real one unless a test wants a small one). */
    readonly bodyLimit?: number,
  ) {
    this.body = body;
    this.title = title;
  }

  get lastSeq(): number {
    return this.rows.length ? this.rows[this.rows.length - 1]!.seq : 0;
  }

  /** The text of the stored log, merged in a fresh document. */
  storedText(type: string = TEXT): string {
    const doc = new Y.Doc();
    for (const row of this.rows) Y.applyUpdate(doc, row.data);
    const text = doc.getText(type).toString();
    doc.destroy();
    return text;
  }

  /** The title of the stored log, merged in a fresh document. */
  storedTitle(): string {
    return this.storedText(TITLE);
  }

  load(user: string, afterSeq: number): LoadedDocument {
    if (!this.readers.has(user)) throw new StoreError('gone', 'not readable', 'P0002');
    const rows = this.rows.filter((r) => r.seq > afterSeq);
    return {
      updates: rows.map((r) => r.data),
      lastSeq: this.lastSeq,
      stored: this.rows.length,
      bodySeq: this.bodySeq,
      seed: this.rows.length ? null : this.body,
      title: this.title,
      titleSeq: this.titleSeq,
      titleSeed: this.titleSeq === 0 ? this.title : null,
      bodyTooLarge: this.bodyTooLarge,
    };
  }

  async append(user: string, update: Uint8Array, options: AppendOptions): Promise<AppendResult> {
    this.mayWrite(user);
    if (options.seedSha256) {
      if (this.rows.length || (await sha256Hex(this.body)) !== options.seedSha256)
        return { kind: 'seed-conflict' };
    }
    const seq = this.lastSeq + 1;
    this.rows.push({ seq, kind: 'update', data: update.slice() });
    const after = options.afterSeq;
    const between =
      after === null
        ? []
        : this.rows.filter((r) => r.seq > after && r.seq < seq).map((r) => r.data);
    let textSaved = false;
    let textTooLarge = false;
    if (options.text && after === seq - 1) {
      try {
        textSaved = this.setText(user, seq, options.text);
      } catch (error) {
        if (!(error instanceof StoreError && error.reason === 'too_large')) throw error;
        textTooLarge = true;
      }
    }
    return { kind: 'stored', seq, between, textSaved, textTooLarge };
  }

  setText(user: string, throughSeq: number, text: NoteText): boolean {
    this.mayWrite(user);
    if (throughSeq < 1 || throughSeq > this.lastSeq) throw new StoreError('invalid', 'no such row');
    const tooLarge = text.tooLarge === true && text.body === undefined;
    if (text.body !== undefined && isTooLarge(text.body, this.bodyLimit))
      throw new StoreError('too_large', 'body over the limit', '23514');
    if (text.title !== undefined && !titleFits(text.title))
      throw new StoreError('too_large', 'title over the limit', '23514');
    let changed = false;
    if (text.title !== undefined && this.titleSeq < throughSeq) {
      this.title = text.title;
      this.titleSeq = throughSeq;
      changed = true;
    }
    if ((text.body !== undefined || tooLarge) && this.bodySeq < throughSeq) {
      if (text.body !== undefined) this.body = text.body;
      this.bodyTooLarge = tooLarge;
      this.bodySeq = throughSeq;
      changed = true;
    }
    if (changed) this.textWrites += 1;
    return changed;
  }

  compact(user: string, throughSeq: number, snapshot: Uint8Array, text: NoteText): boolean {
    this.mayWrite(user);
    if (throughSeq < 1 || throughSeq > this.lastSeq) throw new StoreError('invalid', 'no such row');
    const snap = Math.max(0, ...this.rows.filter((r) => r.kind === 'snapshot').map((r) => r.seq));
    if (snap >= throughSeq) return false;
    this.rows = [
      { seq: throughSeq, kind: 'snapshot', data: snapshot.slice() },
      ...this.rows.filter((r) => r.seq > throughSeq),
    ];
    try {
      this.setText(user, throughSeq, text);
    } catch (error) {
      if (!(error instanceof StoreError && error.reason === 'too_large')) throw error;
    }
    return true;
  }

  private mayWrite(user: string): void {
    if (!this.readers.has(user)) throw new StoreError('gone', 'not readable', 'P0002');
    if (!this.writers.has(user)) throw new StoreError('forbidden', 'not an editor', '42501');
  }
}

/** One client's connection to the server: off means every call fails as offline. */
export class MemoryStore implements DocumentStore {
  online = true;
  /** When set, the next append is stored but its answer is lost. */
  loseNextAnswer = false;
  /** Set once the client is gone: answers arriving afterwards are dropped. */
  dead = false;

  constructor(
    private readonly server: MemoryServer,
    private readonly user: string,
  ) {}

  async load(afterSeq: number): Promise<LoadedDocument> {
    if (this.server.loadGate) await this.server.loadGate;
    return this.call(() => this.server.load(this.user, afterSeq));
  }

  async append(update: Uint8Array, options: AppendOptions): Promise<AppendResult> {
    this.reachable();
    await tick();
    const result = await this.server.append(this.user, update, options);
    if (this.loseNextAnswer) {
      this.loseNextAnswer = false;
      throw new StoreError('offline', 'answer lost');
    }
    await tick();
    this.answerable();
    return result;
  }

  async setText(throughSeq: number, text: NoteText): Promise<boolean> {
    return this.call(() => this.server.setText(this.user, throughSeq, text));
  }

  async compact(throughSeq: number, snapshot: Uint8Array, text: NoteText): Promise<boolean> {
    return this.call(() => this.server.compact(this.user, throughSeq, snapshot, text));
  }

  private async call<T>(fn: () => T): Promise<T> {
    this.reachable();
    await tick();
    const result = fn();
    await tick();
    this.answerable();
    return result;
  }

  private reachable(): void {
    if (!this.online || this.dead) throw new StoreError('offline', 'offline');
  }

  private answerable(): void {
    if (!this.online || this.dead) throw new StoreError('offline', 'connection lost');
  }
}

function tick(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
