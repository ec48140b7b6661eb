// Edits made offline in notes that are no longer open (the tab was closed, the app restarted)
// are stored as soon as the app is online again: each note listed in the pending registry is
// opened without an editor — its copy from IndexedDB, its log through the database functions —
// so its pending edits are appended exactly as if the note were open, then closed again.
import type { SupabaseClient } from '@supabase/supabase-js';
import { IndexedDbLocalStore } from './indexeddb-store.ts';
import { NoteSync } from './note-sync.ts';
import { listPending } from './pending-registry.ts';
import { signedNoteChannel } from './supabase-channel.ts';
import { supabaseDocumentStore } from './supabase-store.ts';

/** How long a flushed note waits for its channel to tell the others it stored their edits. */
const TELL_OTHERS_MS = 3000;

export type FlushOutcome = 'saved' | 'offline' | 'refused';

export interface FlushedNote {
  noteId: string;
  title: string;
  outcome: FlushOutcome;
  /** Edits still waiting on this device afterwards. */
  pending: number;
}

/** Stores the pending edits of every listed note not in `open`, one note at a time. */
export async function flushPendingNotes(
  client: SupabaseClient,
  userId: string,
  open: ReadonlySet<string> = new Set(),
): Promise<FlushedNote[]> {
  const results: FlushedNote[] = [];
  for (const entry of await listPending(userId)) {
    if (open.has(entry.noteId)) continue;
    const sync = new NoteSync({
      userId,
      store: supabaseDocumentStore(client, entry.noteId),
      channel: signedNoteChannel(client, entry.noteId, userId).channel,
      local: new IndexedDbLocalStore({ userId, noteId: entry.noteId, title: () => entry.title }),
      access: 'edit',
    });
    try {
      await sync.start();
      await sync.flush();
      const { pending, refused } = sync.status;
      // Those who have the note open hear that it was stored, and fetch it now.
      if (!pending && !refused) await sync.sendNow(TELL_OTHERS_MS);
      results.push({
        noteId: entry.noteId,
        title: entry.title,
        outcome: refused ? 'refused' : pending ? 'offline' : 'saved',
        pending,
      });
    } finally {
      await sync.stop({ abrupt: true });
    }
  }
  return results;
}
