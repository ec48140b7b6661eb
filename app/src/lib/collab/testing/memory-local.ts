// An in-memory stand-in for the device's IndexedDB: the document's state, the cursor and the
// pending entries survive a "reload" (a new NoteSync on the same MemoryDevice). A handle that is
// closed (its tab is gone) writes nothing more.
import * as Y from 'yjs';
import type { LocalDocument, LocalStore, PendingEntry } from '../ports.ts';

export class MemoryDevice {
  state: Uint8Array | null = null;
  cursor = 0;
  pending = new Map<number, Uint8Array>();
  held = new Map<number, Uint8Array>();

  open(): MemoryLocal {
    return new MemoryLocal(this);
  }
}

export class MemoryLocal implements LocalStore {
  readonly origin = Symbol('memory-local');
  private closed = false;
  private doc: Y.Doc | null = null;

  constructor(private readonly device: MemoryDevice) {}

  async open(doc: Y.Doc): Promise<LocalDocument> {
    await Promise.resolve();
    this.doc = doc;
    const hadCopy = this.device.state !== null;
    if (this.device.state) Y.applyUpdate(doc, this.device.state, this.origin);
    doc.on('update', this.store);
    return {
      cursor: this.device.cursor,
      pending: [...this.device.pending].map(([key, update]) => ({ key, update })),
      held: [...this.device.held].map(([key, update]) => ({ key, update })),
      hadCopy,
    };
  }

  addPending(entry: PendingEntry): void {
    if (!this.closed) this.device.pending.set(entry.key, entry.update);
  }

  removePending(throughKey: number): void {
    if (this.closed) return;
    for (const key of [...this.device.pending.keys()])
      if (key <= throughKey) this.device.pending.delete(key);
  }

  hold(entry: PendingEntry): void {
    if (!this.closed) this.device.held.set(entry.key, entry.update);
  }

  release(keys: number[]): void {
    if (!this.closed) for (const key of keys) this.device.held.delete(key);
  }

  setCursor(seq: number): void {
    if (!this.closed) this.device.cursor = Math.max(this.device.cursor, seq);
  }

  async close(): Promise<void> {
    this.closed = true;
    this.doc?.off('update', this.store);
  }

  private readonly store = (): void => {
    if (!this.closed && this.doc) this.device.state = Y.encodeStateAsUpdate(this.doc);
  };
}
