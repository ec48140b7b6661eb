// What changes under the signed-in user, live: the private channel `user:<id>` carries Postgres
// Changes of the published tables (notes, notebooks, attachments, comment threads and comments — each delivered only if the
// user's policies let them read the row) and the database's broadcasts about the user's own
// access (added to a notebook, role changed, removed), own pins (from another tab or
// device) and own notifications (a new one, or read elsewhere). After a dropped connection the channel rejoins on its own; `resync` then says that
// whatever was missed meanwhile must be fetched.
import type { RealtimeChannel, SupabaseClient } from '@supabase/supabase-js';
import type { MembershipChange } from './notebook-channel.ts';

export type LiveTable = 'notes' | 'notebooks' | 'attachments' | 'comment_threads' | 'comments';

export interface RowChange {
  table: LiveTable;
  eventType: 'INSERT' | 'UPDATE' | 'DELETE';
  new: Record<string, unknown>;
  old: Record<string, unknown>;
}

/** One of the user's pins added or removed (the database's broadcast). */
export interface PinChange {
  note_id: string;
  notebook_id: string;
  pinned: boolean;
}

export interface LiveHandlers {
  change(change: RowChange): void;
  access(change: MembershipChange): void;
  pins(change: PinChange): void;
  /** The user's notifications changed (a new one arrived, or some were marked read). */
  notifications(): void;
  /** Joined again after a drop: refetch what is shown. */
  resync(): void;
}

const TABLES: LiveTable[] = ['notes', 'notebooks', 'attachments', 'comment_threads', 'comments'];

export function watchLive(
  client: SupabaseClient,
  userId: string,
  handlers: LiveHandlers,
): () => Promise<void> {
  let joinedBefore = false;
  let channel: RealtimeChannel = client.channel(`user:${userId}`, { config: { private: true } });
  for (const table of TABLES)
    channel = channel.on(
      'postgres_changes',
      { event: '*', schema: 'public', table },
      (payload: { eventType: RowChange['eventType']; new: object; old: object }) =>
        handlers.change({
          table,
          eventType: payload.eventType,
          new: payload.new as Record<string, unknown>,
          old: payload.old as Record<string, unknown>,
        }),
    );
  channel.on('broadcast', { event: 'access' }, (m: { payload: MembershipChange }) =>
    handlers.access(m.payload),
  );
  channel.on('broadcast', { event: 'pins' }, (m: { payload: PinChange }) =>
    handlers.pins(m.payload),
  );
  channel.on('broadcast', { event: 'notifications' }, () => handlers.notifications());
  void client.realtime.setAuth().finally(() =>
    channel.subscribe((status) => {
      if (status !== 'SUBSCRIBED') return;
      if (joinedBefore) handlers.resync();
      joinedBefore = true;
    }),
  );
  return async () => {
    await client.removeChannel(channel);
  };
}
