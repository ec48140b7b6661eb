// The signed-in person's query cache, kept on the device (IndexedDB, one entry per user), so the
// app opened offline — or with the server not answering — shows their notebooks, lists and the
// notes they opened here. TanStack Query's own dehydrate/hydrate do the work: what the cache
// holds is written a second after it changes (and when the tab is hidden), and read back when
// the person's page opens; hydrate never replaces data newer than what it brings, and what it
// brings counts as old: anything fetched wins over it, and a page that uses it fetches it again
// as soon as it can (a kept "not found" or member list is never taken for the truth online).
// An empty answer (null: nothing there, or not readable) is not kept at all. An entry is
// only ever read for the user it was written for, is dropped after MAX_AGE_MS or when the app's
// code changes (the entry's `build`), and is deleted when the person signs out. Note bodies are
// not here: the collaboration engine keeps its own copies (lib/collab/indexeddb-store.ts).
import {
  dehydrate,
  hydrate,
  type DehydratedState,
  type Query,
  type QueryClient,
} from '@tanstack/react-query';

const DB_NAME = 'sheaf-query-cache';
const STORE = 'users';
export const MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;
const SAVE_DELAY_MS = 1000;
/** This build of the app: the hashed name of the chunk this module is in changes with its code
 * (a cache written by other code may not have the shapes this code reads). */
export const BUILD = import.meta.url;

export interface PersistedCache {
  userId: string;
  build: string;
  savedAt: number;
  state: DehydratedState;
}

/** Keys kept only in memory: the session's checks, search results, signed links that expire,
 * published notes' links and public pages, and comments (a note's can be thousands, restored
 * before any page is drawn; they are asked for after the note's text instead). */
export function shouldPersist(query: Query): boolean {
  if (query.state.status !== 'success' || query.state.data == null) return false;
  const [domain, kind] = query.queryKey as unknown[];
  if (domain === 'auth' || domain === 'mfa') return false;
  if (domain === 'notes' && (kind === 'search' || kind === 'version')) return false;
  if (domain === 'attachments' && kind === 'url') return false;
  if (domain === 'published' && kind !== 'notebook') return false;
  if (domain === 'comments') return false;
  if (domain === 'account' && (kind === 'sessions' || kind === 'factors')) return false;
  return true;
}

let opening: Promise<IDBDatabase> | null = null;

function open(): Promise<IDBDatabase> {
  return (opening ??= new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB did not open'));
  }).catch((error: unknown) => {
    opening = null;
    throw error;
  }));
}

function run<T>(mode: IDBTransactionMode, use: (store: IDBObjectStore) => IDBRequest<T>) {
  return open().then(
    (db) =>
      new Promise<T>((resolve, reject) => {
        const tx = db.transaction(STORE, mode);
        const request = use(tx.objectStore(STORE));
        tx.oncomplete = () => resolve(request.result);
        tx.onerror = () => reject(tx.error ?? request.error);
        tx.onabort = () => reject(tx.error ?? new Error('aborted'));
      }),
  );
}

// Writes and deletes go one after another, so a deletion at sign-out is never undone by a
// write that was already under way.
let queue: Promise<unknown> = Promise.resolve();
function enqueue<T>(work: () => Promise<T>): Promise<T> {
  const next = queue.then(work, work);
  queue = next.catch(() => undefined);
  return next;
}

export function readCache(userId: string): Promise<PersistedCache | undefined> {
  return enqueue(() => run<PersistedCache | undefined>('readonly', (s) => s.get(userId)));
}

export function writeCache(entry: PersistedCache): Promise<void> {
  return enqueue(() => run('readwrite', (s) => s.put(entry, entry.userId))).then(() => undefined);
}

/** Deletes what was kept for this user (sign-out). */
export function forgetCache(userId: string): Promise<void> {
  return enqueue(() => run('readwrite', (s) => s.delete(userId))).then(() => undefined);
}

/** Whether a kept entry may be shown: the same user, this build, young enough. */
export function usable(entry: PersistedCache | undefined, userId: string, now = Date.now()) {
  return (
    !!entry && entry.userId === userId && entry.build === BUILD && now - entry.savedAt < MAX_AGE_MS
  );
}

/**
 * A kept state whose every query is as old as can be (updated at 1 ms past the epoch, not 0:
 * a query with no data yet is at 0, and must still take it): stale at once, so it is fetched
 * again when used, and never newer than anything fetched.
 */
function asOld(state: DehydratedState): DehydratedState {
  return {
    ...state,
    queries: state.queries.map((q) => ({
      ...q,
      dehydratedAt: 1,
      state: { ...q.state, dataUpdatedAt: 1 },
    })),
  };
}

/** Restores the user's kept cache into `client`, then keeps it up to date until stop(). */
export function persistQueryCache(client: QueryClient, userId: string) {
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const save = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    if (stopped) return;
    const state = dehydrate(client, { shouldDehydrateQuery: shouldPersist });
    writeCache({ userId, build: BUILD, savedAt: Date.now(), state }).catch((error: unknown) =>
      console.warn('The query cache could not be kept on this device', error),
    );
  };
  const later = () => {
    if (!stopped && !timer) timer = setTimeout(save, SAVE_DELAY_MS);
  };
  // Leaving the page (or the tab going to the background): write what is waiting now.
  const hidden = () => {
    if (document.visibilityState === 'hidden' && timer) save();
  };
  let unsubscribe = () => undefined as void;
  const restored = readCache(userId)
    .then((entry) => {
      if (stopped) return;
      if (usable(entry, userId)) hydrate(client, asOld(entry!.state));
      else if (entry) void forgetCache(userId);
    })
    .catch(() => undefined)
    .then(() => {
      if (stopped) return;
      // Only now: a write before the restore would replace the kept cache with a thinner one.
      unsubscribe = client.getQueryCache().subscribe((event) => {
        if (event.type === 'added' || event.type === 'removed' || event.type === 'updated') later();
      });
      if (typeof document !== 'undefined') document.addEventListener('visibilitychange', hidden);
    });
  return {
    restored,
    /** Stops keeping the cache (a pending write is dropped). */
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      unsubscribe();
      if (typeof document !== 'undefined') document.removeEventListener('visibilitychange', hidden);
    },
  };
}
