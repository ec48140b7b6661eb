// Who is in a notebook right now, and what the database announces to its members: the private
// channel `notebook:<id>`. Each open tab tracks its presence (who, their colour, the note they
// have open and whether they can edit it) under the user's id, so several tabs are one person;
// membership changes and notes moving out arrive as broadcasts from the database. Presence is
// tracked at once while fewer than 4 tracks went out in the last 30 s (Realtime allows a
// client 5 presence calls per 30 s), else as soon as one of them is 30 s old; the newest state
// always goes out.
import type { RealtimeChannel, SupabaseClient } from '@supabase/supabase-js';
import type { Role } from '../roles.ts';

export type { Role };

export interface Presence {
  userId: string;
  name: string;
  avatarUrl: string | null;
  color: string;
  /** The note open in this tab, if any. */
  noteId: string | null;
  editing: boolean;
}

export interface NotebookPerson extends Omit<Presence, 'noteId' | 'editing'> {
  /** The notes this person has open (in any of their tabs). */
  noteIds: string[];
  editingNoteIds: string[];
}

export interface MembershipChange {
  notebook_id: string;
  user_id: string;
  role: Role | null;
  previous_role: Role | null;
  /** Why access ended (role null), or 'notebook_restored' when it came back from the trash. */
  reason: 'removed' | 'left' | 'notebook_deleted' | 'notebook_trashed' | 'notebook_restored' | null;
}

export interface NotebookHandlers {
  people?(people: NotebookPerson[]): void;
  membership?(change: MembershipChange): void;
  noteMovedOut?(noteId: string): void;
  status?(status: 'joined' | 'closed' | 'refused'): void;
}

export interface NotebookChannel {
  /** Changes what this tab shows the others (merged into the current presence). */
  update(change: Partial<Presence>): void;
  leave(): Promise<void>;
}

const TRACK_WINDOW = 30_500;
const TRACKS_PER_WINDOW = 4;

export function people(state: Record<string, Presence[]>): NotebookPerson[] {
  return Object.values(state)
    .filter((metas) => metas.length > 0)
    .map((metas) => {
      const first = metas[metas.length - 1]!;
      const open = metas.filter((m) => m.noteId);
      return {
        userId: first.userId,
        name: first.name,
        avatarUrl: first.avatarUrl,
        color: first.color,
        noteIds: [...new Set(open.map((m) => m.noteId!))],
        editingNoteIds: [...new Set(open.filter((m) => m.editing).map((m) => m.noteId!))],
      };
    })
    .sort((a, b) => a.name.localeCompare(b.name));
}

export function joinNotebook(
  client: SupabaseClient,
  notebookId: string,
  me: Presence,
  handlers: NotebookHandlers,
): NotebookChannel {
  let presence = me;
  let joined = false;
  const tracks: number[] = [];
  let timer: ReturnType<typeof setTimeout> | null = null;
  const channel: RealtimeChannel = client.channel(`notebook:${notebookId}`, {
    config: { private: true, presence: { key: me.userId, enabled: true } },
  });
  const track = () => {
    timer = null;
    if (!joined) return;
    tracks.push(Date.now());
    if (tracks.length > TRACKS_PER_WINDOW) tracks.shift();
    void channel.track({ ...presence });
  };
  const scheduleTrack = () => {
    if (timer || !joined) return;
    const full = tracks.length >= TRACKS_PER_WINDOW;
    const at = full ? tracks[0]! + TRACK_WINDOW : Date.now();
    timer = setTimeout(track, Math.max(0, at - Date.now()));
  };
  channel
    .on('presence', { event: 'sync' }, () =>
      handlers.people?.(people(channel.presenceState<Presence>() as Record<string, Presence[]>)),
    )
    .on('broadcast', { event: 'membership' }, (m: { payload: MembershipChange }) =>
      handlers.membership?.(m.payload),
    )
    .on('broadcast', { event: 'note_moved_out' }, (m: { payload: { note_id: string } }) =>
      handlers.noteMovedOut?.(m.payload.note_id),
    );
  void client.realtime.setAuth().finally(() =>
    channel.subscribe((status, error) => {
      joined = status === 'SUBSCRIBED';
      if (joined) scheduleTrack();
      if (status === 'SUBSCRIBED') handlers.status?.('joined');
      else if (
        status === 'CHANNEL_ERROR' &&
        /unauthori[sz]ed|permission/i.test(error?.message ?? '')
      )
        handlers.status?.('refused');
      else handlers.status?.('closed');
    }),
  );
  return {
    update(change) {
      presence = { ...presence, ...change };
      scheduleTrack();
    },
    async leave() {
      joined = false;
      if (timer) clearTimeout(timer);
      await client.removeChannel(channel);
    },
  };
}
