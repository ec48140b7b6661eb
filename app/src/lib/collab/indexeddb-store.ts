// This device's copy of a note's document, in IndexedDB: the document itself through
// y-indexeddb (one database per user and note, every update written as it happens), and beside
// it, in the same database's `custom` store, what the sync engine must not lose: the pending
// entries (edits not stored yet), the held entries (peers' edits not confirmed yet) and the
// cursor. The cursor is written in a transaction that also covers y-indexeddb's `updates`
// store, so IndexedDB commits it after the updates it vouches for (transactions whose stores
// overlap run in the order they were created). Edits survive a reload, a closed tab and a
// browser restart; the pending registry lists the notes that have some.
//
// Several tabs may have one note open at once, each numbering its entries from 1: each open
// copy writes and removes entries under a key space of its own (`pending:<session>:n`), so
// one tab storing its edits never removes another's. Opening adopts every entry left by
// sessions before (a closed tab's, or one still open: storing an update twice costs a row and
// loses nothing), moving them into the new session's space in one transaction.
import { IndexeddbPersistence } from 'y-indexeddb';
import type * as Y from 'yjs';
import { committed, numbered, numberedRange, request } from './idb.ts';
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
  private since: number | undefined;
  /** This open copy's key space (see the header). */
  private readonly session = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;

  constructor(private readonly options: IndexedDbLocalOptions) {}

  get origin(): unknown {
    return this.persistence;
  }

  async open(doc: Y.Doc): Promise<LocalDocument> {
    const { userId, noteId } = this.options;
    this.persistence = new IndexeddbPersistence(noteDatabaseName(userId, noteId), doc);
    await this.persistence.whenSynced;
    const tx = this.db().transaction('custom', 'readwrite');
    const custom = tx.objectStore('custom');
    const [cursor, pending, held] = await Promise.all([
      request(custom.get('cursor') as IDBRequest<number | undefined>),
      this.adopt(custom, 'pending'),
      this.adopt(custom, 'held'),
    ]);
    await committed(tx);
    for (const entry of pending) this.pendingKeys.add(entry.key);
    return {
      cursor: cursor ?? 0,
      pending,
      held,
      hadCopy: (cursor ?? 0) > 0 || pending.length > 0 || doc.store.clients.size > 0,
    };
  }

  addPending(entry: PendingEntry): void {
    this.write('custom', (s) => s.put(entry.update, this.key('pending', entry.key)));
    this.pendingKeys.add(entry.key);
    this.register();
  }

  removePending(throughKey: number): void {
    this.write('custom', (s) => s.delete(this.range('pending', throughKey)));
    for (const key of this.pendingKeys) if (key <= throughKey) this.pendingKeys.delete(key);
    if (this.pendingKeys.size === 0) void this.unregisterIfNoneLeft();
  }

  hold(entry: PendingEntry): void {
    this.write('custom', (s) => s.put(entry.update, this.key('held', entry.key)));
  }

  release(keys: number[]): void {
    this.write('custom', (s) => {
      for (const key of keys) s.delete(this.key('held', key));
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
    const tx = db.transaction(scope, 'readwrite');
    fn(tx.objectStore(scope[scope.length - 1]!));
    // Committed now rather than when this task ends: a tab closed right after a keystroke
    // would otherwise take the keystroke's write with it.
    tx.commit?.();
  }

  private key(kind: 'pending' | 'held', n: number): string {
    return numbered(`${kind}:${this.session}`, n);
  }

  private range(kind: 'pending' | 'held', through?: number): IDBKeyRange {
    return numberedRange(`${kind}:${this.session}`, through);
  }

  /**
   * Every entry of `kind` on the device (any session's, and those written before sessions had
   * keys of their own), moved into this session's space as 1…n, oldest session first.
   */
  private async adopt(store: IDBObjectStore, kind: 'pending' | 'held'): Promise<PendingEntry[]> {
    const all = IDBKeyRange.bound(`${kind}:`, `${kind}:\uffff`);
    const [keys, values] = await Promise.all([
      request(store.getAllKeys(all)),
      request(store.getAll(all) as IDBRequest<Uint8Array[]>),
    ]);
    return keys.map((key, i) => {
      const entry = { key: i + 1, update: values[i]! };
      store.delete(key);
      store.put(entry.update, this.key(kind, entry.key));
      return entry;
    });
  }

  /** Noted on every new entry: another tab may have just found none left and unlisted it. */
  private register(): void {
    void markPending({
      userId: this.options.userId,
      noteId: this.options.noteId,
      title: this.options.title?.() ?? '',
      count: this.pendingKeys.size,
      since: (this.since ??= Date.now()),
    });
  }

  /** Unlisted once no session has an entry left (after this session's removal committed). */
  private async unregisterIfNoneLeft(): Promise<void> {
    const db = this.persistence?.db;
    if (!db || this.closed) return;
    const all = IDBKeyRange.bound('pending:', 'pending:\uffff');
    const left = await request(
      db.transaction('custom', 'readonly').objectStore('custom').count(all),
    );
    if (left === 0 && this.pendingKeys.size === 0)
      await clearPending(this.options.userId, this.options.noteId);
  }
}
