// Signing out forgets this device's copies of the user's notes — except those holding edits
// that were never stored, which stay until the same user signs in again and they are sent
// (dropping them would lose text; they are the user's own words, on the user's own device).
import { noteDatabaseName } from './indexeddb-store.ts';
import { listPending } from './pending-registry.ts';

export async function forgetLocalCopies(userId: string): Promise<{ kept: number }> {
  const keep = new Set((await listPending(userId)).map((p) => noteDatabaseName(userId, p.noteId)));
  const prefix = noteDatabaseName(userId, '');
  const databases = (await indexedDB.databases?.()) ?? [];
  await Promise.all(
    databases
      .map((d) => d.name ?? '')
      .filter((name) => name.startsWith(prefix) && !keep.has(name))
      .map(
        (name) =>
          new Promise<void>((resolve) => {
            const req = indexedDB.deleteDatabase(name);
            req.onsuccess = req.onerror = req.onblocked = () => resolve();
          }),
      ),
  );
  return { kept: keep.size };
}
