// This device's copy of a note's document, in IndexedDB: the document itself through
// y-indexeddb (one database per user and note, every update written as it happens), and beside
// it, in the same database's `custom` store, what the sync engine must not lose: the pending
// entries (edits not stored yet), the held entries (peers' edits not confirmed yet) and the
// cursor. The cursor is written in a transaction that also covers y-indexeddb's `updates`
// store, so IndexedDB commits it after the updates it vouches for (transactions whose stores
// overlap run in the order they were created). Edits survive a reload, a closed tab and a
// browser restart; the pending registry lists the notes that have some.
import { IndexeddbPersistence } from 'y-indexeddb';
import type * as Y from 'yjs';
import { numbered, numberedRange, numberOf, request } from './idb.ts';
import { clearPending, markPending } from './pending-registry.ts';
import type { LocalDocument, LocalStore, PendingEntry } from './ports.ts';

export function noteDatabaseName(userId: string, noteId: string): string {
  return `sheaf-note:${userId}:${noteId}`;
}

export interface IndexedDbLocalOptions {
  userId: string;
  noteId: string;
  /** The note's title, for the list of notes with unsaved edits. */
  title?: () => string;
}

export class IndexedDbLocalStore implements LocalStore {
  private persistence: IndexeddbPersistence | null = null;
  private pendingKeys = new Set<number>();
  private closed = false;

  constructor(private readonly options: IndexedDbLocalOptions) {}

  get origin(): unknown {
    return this.persistence;
  }

  async open(doc: Y.Doc): Promise<LocalDocument> {
    const { userId, noteId } = this.options;
    this.persistence = new IndexeddbPersistence(noteDatabaseName(userId, noteId), doc);
    await this.persistence.whenSynced;
    const custom = this.db().transaction('custom', 'readonly').objectStore('custom');
    const [cursor, pending, held] = await Promise.all([
      request(custom.get('cursor') as IDBRequest<number | undefined>),
      entries(custom, 'pending'),
      entries(custom, 'held'),
    ]);
    for (const entry of pending) this.pendingKeys.add(entry.key);
    return {
      cursor: cursor ?? 0,
      pending,
      held,
      hadCopy: (cursor ?? 0) > 0 || pending.length > 0 || doc.store.clients.size > 0,
    };
  }

  addPending(entry: PendingEntry): void {
    this.write('custom', (s) => s.put(entry.update, numbered('pending', entry.key)));
    this.pendingKeys.add(entry.key);
    if (this.pendingKeys.size === 1) this.register();
  }

  removePending(throughKey: number): void {
    this.write('custom', (s) => s.delete(numberedRange('pending', throughKey)));
    for (const key of this.pendingKeys) if (key <= throughKey) this.pendingKeys.delete(key);
    if (this.pendingKeys.size === 0) void clearPending(this.options.userId, this.options.noteId);
  }

  hold(entry: PendingEntry): void {
    this.write('custom', (s) => s.put(entry.update, numbered('held', entry.key)));
  }

  release(keys: number[]): void {
    this.write('custom', (s) => {
      for (const key of keys) s.delete(numbered('held', key));
    });
  }

  setCursor(seq: number): void {
    this.write(['updates', 'custom'], (s) => s.put(seq, 'cursor'));
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.persistence?.destroy();
  }

  private db(): IDBDatabase {
    const db = this.persistence?.db;
    if (!db) throw new Error('the local copy is not open');
    return db;
  }

  /** A write in its own transaction; `stores` lists the scope, the last one is written. */
  private write(stores: string | string[], fn: (s: IDBObjectStore) => void): void {
    const db = this.persistence?.db;
    if (!db || this.closed) return;
    const scope = typeof stores === 'string' ? [stores] : stores;
    fn(db.transaction(scope, 'readwrite').objectStore(scope[scope.length - 1]!));
  }

  private register(): void {
    void markPending({
      userId: this.options.userId,
      noteId: this.options.noteId,
      title: this.options.title?.() ?? '',
      count: this.pendingKeys.size,
      since: Date.now(),
    });
  }
}

async function entries(store: IDBObjectStore, prefix: string): Promise<PendingEntry[]> {
  const range = numberedRange(prefix);
  const [keys, values] = await Promise.all([
    request(store.getAllKeys(range)),
    request(store.getAll(range) as IDBRequest<Uint8Array[]>),
  ]);
  return keys.map((key, i) => ({ key: numberOf(key), update: values[i]! }));
}
