// A few promise helpers over the raw IndexedDB API (what this module needs, nothing more).

export function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB request failed'));
  });
}

/** Resolves once the transaction committed (its writes are durable). */
export function committed(tx: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error ?? new Error('IndexedDB transaction failed'));
    tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted'));
  });
}

export function openDatabase(
  name: string,
  version: number,
  upgrade: (db: IDBDatabase) => void,
): Promise<IDBDatabase> {
  const req = indexedDB.open(name, version);
  req.onupgradeneeded = () => upgrade(req.result);
  return request(req);
}

/** Keys "prefix:000000000123" sort as numbers do. */
export function numbered(prefix: string, n: number): string {
  return `${prefix}:${String(n).padStart(12, '0')}`;
}

export function numberedRange(prefix: string, through = 999_999_999_999): IDBKeyRange {
  return IDBKeyRange.bound(numbered(prefix, 0), numbered(prefix, through));
}
