// An in-memory stand-in for the database functions of one note (note_document,
// append_note_update, set_note_body, compact_note_updates) with the same rules: rows numbered
// in order with no gaps, the rows in between returned, the body written only forwards and only
// when nothing came in between, seeds checked, compaction replacing exactly the rows it merged.
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
} from '../ports.ts';
import { TEXT } from '../seed.ts';

interface Row {
  seq: number;
  kind: 'update' | 'snapshot';
  data: Uint8Array;
}

export class MemoryServer {
  rows: Row[] = [];
  body: string;
  bodySeq = 0;
  readonly writers = new Set<string>();
  readonly readers = new Set<string>();

  constructor(body = '') {
    this.body = body;
  }

  get lastSeq(): number {
    return this.rows.length ? this.rows[this.rows.length - 1]!.seq : 0;
  }

  /** The text of the stored log, merged in a fresh document. */
  storedText(): string {
    const doc = new Y.Doc();
    for (const row of this.rows) Y.applyUpdate(doc, row.data);
    const text = doc.getText(TEXT).toString();
    doc.destroy();
    return text;
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
    let bodySaved = false;
    if (options.body !== undefined && after === seq - 1)
      bodySaved = this.setBody(user, options.body, seq);
    return { kind: 'stored', seq, between, bodySaved, bodyTooLarge: false };
  }

  setBody(user: string, body: string, throughSeq: number): boolean {
    this.mayWrite(user);
    if (throughSeq < 1 || throughSeq > this.lastSeq) throw new StoreError('invalid', 'no such row');
    if (this.bodySeq >= throughSeq) return false;
    this.body = body;
    this.bodySeq = throughSeq;
    return true;
  }

  compact(user: string, throughSeq: number, snapshot: Uint8Array, body: string | null): boolean {
    this.mayWrite(user);
    if (throughSeq < 1 || throughSeq > this.lastSeq) throw new StoreError('invalid', 'no such row');
    const snap = Math.max(0, ...this.rows.filter((r) => r.kind === 'snapshot').map((r) => r.seq));
    if (snap >= throughSeq) return false;
    this.rows = [
      { seq: throughSeq, kind: 'snapshot', data: snapshot.slice() },
      ...this.rows.filter((r) => r.seq > throughSeq),
    ];
    if (body !== null) this.setBody(user, body, throughSeq);
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

  async setBody(body: string, throughSeq: number): Promise<boolean> {
    return this.call(() => this.server.setBody(this.user, body, throughSeq));
  }

  async compact(throughSeq: number, snapshot: Uint8Array, body: string | null): Promise<boolean> {
    return this.call(() => this.server.compact(this.user, throughSeq, snapshot, body));
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
