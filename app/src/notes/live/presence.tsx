// Who is here: the notebook's presence channel (lib/collab/notebook-channel.ts) joined while a
// notebook is open, shared with its note page through a context (which note this tab shows,
// and whether it can edit it), and the list of people shown in both — each person's avatar or
// initials in their colour (distinct among those present: assignColors), their whole name
// (wrapped, never cut), and what they are doing, as a labelled list. Who is here is only
// known while the channel is joined: when it drops, the list empties until it is joined again,
// and offline (or with the server not answering) the list says that it is not known.
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { assignColors, colorFor, type PersonColor } from '../../lib/collab/colors.ts';
import {
  joinNotebook,
  type MembershipChange,
  type NotebookChannel,
  type NotebookPerson,
} from '../../lib/collab/notebook-channel.ts';
import { withDataClient, type Supabase } from '../../lib/supabase.ts';
import { useConnection } from '../../lib/use-online.ts';
import type { Me } from '../data/me-query.ts';
import './live.css';

export interface PresenceApi {
  people: NotebookPerson[];
  /** Says which note this tab has open (null: none) and whether it edits it. */
  showNote(noteId: string | null, editing: boolean): void;
  /** Hears the notebook's membership changes (anyone's role or removal) until unsubscribed. */
  onMembership(fn: (change: MembershipChange) => void): () => void;
  /** A person's colour among those here now (their carets and selections take it too). */
  colorOf(userId: string): PersonColor;
}

const PresenceContext = createContext<PresenceApi>({
  people: [],
  showNote: () => undefined,
  onMembership: () => () => undefined,
  colorOf: colorFor,
});

export const PresenceProvider = PresenceContext.Provider;

export function usePresence(): PresenceApi {
  return useContext(PresenceContext);
}

/** Joins the notebook's presence for as long as it is open (once the data client has loaded:
 * the notebook renders without waiting for it). */
export function useNotebookPresence(
  load: () => Promise<Supabase>,
  notebookId: string,
  me: Me,
  noteMovedOut: (noteId: string) => void,
): PresenceApi {
  const movedOut = useRef(noteMovedOut);
  useEffect(() => {
    movedOut.current = noteMovedOut;
  });
  const [people, setPeople] = useState<NotebookPerson[]>([]);
  const channel = useRef<NotebookChannel | null>(null);
  const [listeners] = useState(() => new Set<(change: MembershipChange) => void>());
  const latest = useRef(me);
  const shown = useRef<{ noteId: string | null; editing: boolean }>({
    noteId: null,
    editing: false,
  });
  useEffect(() => {
    latest.current = me;
    channel.current?.update({ name: me.name, avatarUrl: me.avatarUrl });
  }, [me]);
  const { userId } = me;
  useEffect(
    () =>
      withDataClient(load, (client) => {
        const { name, avatarUrl } = latest.current;
        const joined = joinNotebook(
          client,
          notebookId,
          { userId, name, avatarUrl, color: colorFor(userId).color, ...shown.current },
          {
            people: setPeople,
            membership: (change) => listeners.forEach((fn) => fn(change)),
            noteMovedOut: (noteId) => movedOut.current(noteId),
            // Dropped (offline, the server gone): what we last heard is no longer who is here.
            status: (status) => {
              if (status !== 'joined') setPeople([]);
            },
          },
        );
        channel.current = joined;
        return () => {
          channel.current = null;
          setPeople([]);
          void joined.leave();
        };
      }),
    [load, notebookId, userId, listeners],
  );
  // Stable functions: a note page's effects depend on them, not on who is here.
  const showNote = useCallback((noteId: string | null, editing: boolean) => {
    shown.current = { noteId, editing };
    channel.current?.update({ noteId, editing });
  }, []);
  const onMembership = useCallback(
    (fn: (change: MembershipChange) => void) => {
      listeners.add(fn);
      return () => {
        listeners.delete(fn);
      };
    },
    [listeners],
  );
  const colorOf = useMemo(() => {
    const colors = assignColors(people.map((p) => p.userId));
    return (id: string) => colors.get(id) ?? colorFor(id);
  }, [people]);
  return useMemo(
    () => ({ people, showNote, onMembership, colorOf }),
    [people, showNote, onMembership, colorOf],
  );
}

function initials(name: string): string {
  const parts = name
    .trim()
    .split(/[\s._-]+/)
    .filter(Boolean);
  return ((parts[0]?.[0] ?? '?') + (parts[1]?.[0] ?? '')).toUpperCase();
}

interface ListProps {
  people: NotebookPerson[];
  label: string;
  /** Shown for the note with this id: says who edits it and who reads it. */
  noteId?: string;
  me: string;
}

export function PresenceList({ people, label, noteId, me }: ListProps) {
  const connection = useConnection();
  // Colours are given among everyone in the notebook, so the note's list and the notebook's agree.
  const colors = useMemo(() => assignColors(people.map((p) => p.userId)), [people]);
  if (connection !== 'online')
    return (
      <p className="presence presence--unknown" data-testid="presence">
        {connection === 'offline'
          ? 'You are offline: who is here is not known.'
          : 'Sheaf is not answering: who is here is not known.'}
      </p>
    );
  const shown = noteId ? people.filter((p) => p.noteIds.includes(noteId)) : people;
  if (shown.length === 0) return null;
  return (
    <ul className="presence" aria-label={label} data-testid="presence">
      {shown.map((person) => {
        const doing = noteId
          ? person.editingNoteIds.includes(noteId)
            ? 'editing'
            : 'reading'
          : person.noteIds.length > 0
            ? 'in a note'
            : 'here';
        const name = person.userId === me ? `${person.name} (you)` : person.name;
        const color = (colors.get(person.userId) ?? colorFor(person.userId)).color;
        return (
          <li key={person.userId} className="presence__person" data-color={color}>
            <span
              className="presence__avatar"
              style={{ backgroundColor: color, borderColor: color }}
              aria-hidden="true"
            >
              {person.avatarUrl ? <img src={person.avatarUrl} alt="" /> : initials(person.name)}
            </span>
            <span className="presence__name">
              {name}
              <span className="visually-hidden">, {doing}</span>
            </span>
          </li>
        );
      })}
    </ul>
  );
}
