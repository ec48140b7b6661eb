// An in-memory stand-in for the device's IndexedDB: the document's state, the cursor and the
// pending entries survive a "reload" (a new NoteSync on the same MemoryDevice). A handle that is
// closed (its tab is gone) writes nothing more. As in indexeddb-store.ts, each open handle keeps
// its entries under a key space of its own and adopts, when it opens, whatever others left.
import * as Y from 'yjs';
import type { LocalDocument, LocalStore, PendingEntry } from '../ports.ts';

export class MemoryDevice {
  state: Uint8Array | null = null;
  cursor = 0;
  /** Entries by "<session>:<n>". */
  pending = new Map<string, Uint8Array>();
  held = new Map<string, Uint8Array>();
  private sessions = 0;

  open(): MemoryLocal {
    this.sessions += 1;
    return new MemoryLocal(this, this.sessions);
  }
}

export class MemoryLocal implements LocalStore {
  readonly origin = Symbol('memory-local');
  private closed = false;
  private doc: Y.Doc | null = null;

  constructor(
    private readonly device: MemoryDevice,
    private readonly session: number,
  ) {}

  async open(doc: Y.Doc): Promise<LocalDocument> {
    await Promise.resolve();
    this.doc = doc;
    const hadCopy = this.device.state !== null;
    if (this.device.state) Y.applyUpdate(doc, this.device.state, this.origin);
    doc.on('update', this.store);
    return {
      cursor: this.device.cursor,
      pending: this.adopt(this.device.pending),
      held: this.adopt(this.device.held),
      hadCopy,
    };
  }

  addPending(entry: PendingEntry): void {
    if (!this.closed) this.device.pending.set(this.key(entry.key), entry.update);
  }

  removePending(throughKey: number): void {
    if (this.closed) return;
    for (const key of [...this.device.pending.keys()]) {
      const [session, n] = key.split(':').map(Number);
      if (session === this.session && n! <= throughKey) this.device.pending.delete(key);
    }
  }

  hold(entry: PendingEntry): void {
    if (!this.closed) this.device.held.set(this.key(entry.key), entry.update);
  }

  release(keys: number[]): void {
    if (!this.closed) for (const key of keys) this.device.held.delete(this.key(key));
  }

  setCursor(seq: number): void {
    if (!this.closed) this.device.cursor = Math.max(this.device.cursor, seq);
  }

  async close(): Promise<void> {
    this.closed = true;
    this.doc?.off('update', this.store);
  }

  private key(n: number): string {
    return `${this.session}:${n}`;
  }

  /** Every entry on the device, moved into this handle's space as 1…n. */
  private adopt(entries: Map<string, Uint8Array>): PendingEntry[] {
    const adopted = [...entries.values()].map((update, i) => ({ key: i + 1, update }));
    entries.clear();
    for (const entry of adopted) entries.set(this.key(entry.key), entry.update);
    return adopted;
  }

  private readonly store = (): void => {
    if (!this.closed && this.doc) this.device.state = Y.encodeStateAsUpdate(this.doc);
  };
}
