// The open note's live session, for as long as the note is shown: its code loads on demand
// (collab-session.ts), it starts from this device's copy, follows the person's access (edit,
// read, none) and the connection, and stops — storing what it can — when the note closes.
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { PersonColor } from '../../lib/collab/colors.ts';
import type { Access, SyncStatus } from '../../lib/collab/note-sync.ts';
import { notePendingChanged, openNotes } from '../../lib/collab/pending-count.ts';
import { reachability } from '../../lib/reachability.ts';
import type { Supabase } from '../../lib/supabase.ts';
import type { CollabPerson, CollabSession } from './collab-session.ts';

export interface Collab {
  session: CollabSession | null;
  status: SyncStatus | null;
  /** The session could not be started (its code did not load: offline before it was cached). */
  failed: boolean;
}

interface Options {
  client: Supabase;
  noteId: string;
  me: CollabPerson;
  /** The person's colour among those present (their caret's and selection's). */
  color: PersonColor;
  /** How many people have the note open (from presence): the pacing of what is sent. */
  audience: number;
  access: Access;
  /** False until the note exists (a new note is created by its first save). */
  enabled: boolean;
  title: () => string;
}

export function useCollab(options: Options): Collab {
  const { client, noteId, me, color, access, enabled, title, audience } = options;
  const people = useRef(audience);
  useLayoutEffect(() => {
    people.current = audience;
  });
  const [session, setSession] = useState<CollabSession | null>(null);
  const [status, setStatus] = useState<SyncStatus | null>(null);
  const [failed, setFailed] = useState(false);
  const [startAccess] = useState(access);
  const { userId, name } = me;
  const [startName] = useState(name);

  useEffect(() => {
    if (!enabled) return;
    let live: CollabSession | null = null;
    let cancelled = false;
    let lastPending = -1;
    const reconnect = () => live?.sync.reconnected();
    let offResume = () => undefined as unknown;
    openNotes.add(noteId);
    import('./collab-session.ts').then(
      ({ openCollab }) => {
        if (cancelled) return;
        live = openCollab(
          client,
          noteId,
          { userId, name: startName },
          startAccess,
          title,
          () => people.current,
        );
        live.sync.onStatus((next) => {
          setStatus(next);
          if (next.pending > 0 !== lastPending > 0) notePendingChanged();
          lastPending = next.pending;
        });
        setSession(live);
        setStatus(live.sync.status);
        void live.sync.start();
        // The browser back online, or the server answering again: store what waited, now.
        offResume = reachability.onResume(reconnect);
      },
      () => setFailed(true),
    );
    return () => {
      cancelled = true;
      openNotes.delete(noteId);
      offResume();
      if (live) void live.sync.stop().then(notePendingChanged);
      setSession(null);
      setStatus(null);
    };
    // `title` is read when needed; a new one must not restart the session.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [client, noteId, userId, startName, enabled, startAccess]);

  useEffect(() => {
    session?.sync.setAccess(access);
  }, [session, access]);

  useEffect(() => {
    session?.setPerson(name, color);
  }, [session, name, color]);

  // Moving to another note, the last note's session is still here for a render: not this note's.
  if (session && session.noteId !== noteId) return { session: null, status: null, failed };
  return { session, status, failed };
}
