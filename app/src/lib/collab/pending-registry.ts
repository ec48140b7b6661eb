// Which notes have edits on this device that are not stored yet, per user: what the offline
// banner counts, and what is sent when the connection returns even for notes no longer open.
// A hint kept beside each note's own copy (which holds the edits themselves): written when a
// note's pending edits appear and when they are all stored.
import { committed, openDatabase, request } from './idb.ts';

const DB = 'sheaf-collab';
const STORE = 'pending-notes';

export interface PendingNote {
  userId: string;
  noteId: string;
  /** The note's title when the edits were made (for the banner). */
  title: string;
  /** Edits waiting (as last counted). */
  count: number;
  since: number;
}

let database: Promise<IDBDatabase> | null = null;
function db(): Promise<IDBDatabase> {
  database ??= openDatabase(DB, 1, (d) => {
    d.createObjectStore(STORE, { keyPath: ['userId', 'noteId'] });
  });
  return database;
}

export async function markPending(note: PendingNote): Promise<void> {
  const tx = (await db()).transaction(STORE, 'readwrite');
  tx.objectStore(STORE).put(note);
  await committed(tx);
}

export async function clearPending(userId: string, noteId: string): Promise<void> {
  const tx = (await db()).transaction(STORE, 'readwrite');
  tx.objectStore(STORE).delete([userId, noteId]);
  await committed(tx);
}

export async function listPending(userId: string): Promise<PendingNote[]> {
  const tx = (await db()).transaction(STORE, 'readonly');
  const range = IDBKeyRange.bound([userId, ''], [userId, '\uffff']);
  return request(tx.objectStore(STORE).getAll(range) as IDBRequest<PendingNote[]>);
}

/** Every user's entries (sign-out keeps notes with unsaved edits, forgets the rest). */
export async function listAllPending(): Promise<PendingNote[]> {
  const tx = (await db()).transaction(STORE, 'readonly');
  return request(tx.objectStore(STORE).getAll() as IDBRequest<PendingNote[]>);
}
