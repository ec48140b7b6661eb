// The code of a shared note, in a chunk of its own loaded only when a note opens: the note's
// sync engine (lib/collab's NoteSync over Supabase and IndexedDB), its CodeMirror binding
// (y-codemirror.next) — the body editor shows the note's Y.Text, others' carets and selections
// in their colours with their names, and Ctrl/⌘+Z undoes only this person's own edits — and the
// title's binding for a plain text field (SharedTitle), with an undo of its own.
import { Prec, type Extension } from '@codemirror/state';
import { EditorView, keymap } from '@codemirror/view';
import { yCollab, yUndoManagerKeymap } from 'y-codemirror.next';
import * as Y from 'yjs';
import { colorFor, type PersonColor } from '../../lib/collab/colors.ts';
import { IndexedDbLocalStore } from '../../lib/collab/indexeddb-store.ts';
import { NoteSync, type Access } from '../../lib/collab/note-sync.ts';
import { signedNoteChannel } from '../../lib/collab/supabase-channel.ts';
import { supabaseDocumentStore } from '../../lib/collab/supabase-store.ts';
import type { Supabase } from '../../lib/supabase.ts';
import { textChange } from '../editor/text-diff.ts';
import type { DeltaOp } from '../editor/text-delta.ts';

export interface CollabPerson {
  userId: string;
  name: string;
}

/** The note's shared title, for a plain text field. */
export interface SharedTitle {
  text(): string;
  /** Replaces the title by `next` as one minimal edit of this person's (typing in the field). */
  set(next: string): void;
  /** Calls `listener` with each change not made through set() (others', undo), as a delta. */
  observe(listener: (delta: DeltaOp[]) => void): () => void;
  /** Undoes / redoes this person's own title edits; false when there was nothing to. */
  undo(): boolean;
  redo(): boolean;
}

export interface CollabSession {
  /** The note this session is of (a page moving to another note still holds the last one's for
   * a render). */
  noteId: string;
  sync: NoteSync;
  title: SharedTitle;
  /** The editor's binding to the note's text (replaces the editor's own history). */
  extension: Extension;
  /** The note's text now. */
  text(): string;
  /** Someone's rights changed: their messages are taken again only if they may edit now. */
  setPeerAccess(userId: string, access: Access): void;
  /** The name others see beside this person's caret, and its colour. */
  setPerson(name: string, color: PersonColor): void;
  /** Replaces the text by `next` as one minimal edit of this person's (a ticked task, a diff). */
  setText(next: string): void;
}

/** Remote carets keep their name label visible (not only on hover), as in shared editors. */
const labels = EditorView.theme({
  '.cm-ySelectionInfo': { opacity: '1', top: '-1.2em', fontFamily: 'var(--sans, sans-serif)' },
});

export function openCollab(
  client: Supabase,
  noteId: string,
  me: CollabPerson,
  access: Access,
  title: () => string,
  audience: () => number,
): CollabSession {
  const live = signedNoteChannel(client, noteId, me.userId);
  const sync = new NoteSync({
    userId: me.userId,
    store: supabaseDocumentStore(client, noteId),
    channel: live.channel,
    local: new IndexedDbLocalStore({ userId: me.userId, noteId, title }),
    access,
    audience,
  });
  const setPerson = (name: string, { color, light }: PersonColor) => {
    const now = sync.awareness.getLocalState()?.user as
      { name?: string; color?: string; colorLight?: string } | undefined;
    if (now?.name === name && now.color === color && now.colorLight === light) return;
    sync.awareness.setLocalStateField('user', { name, color, colorLight: light });
  };
  setPerson(me.name, colorFor(me.userId));
  const undoManager = new Y.UndoManager(sync.text);
  return {
    noteId,
    sync,
    title: sharedTitle(sync),
    extension: [
      yCollab(sync.text, sync.awareness, { undoManager }),
      Prec.high(keymap.of(yUndoManagerKeymap)),
      labels,
    ],
    text: () => sync.text.toString(),
    setPerson,
    setPeerAccess(userId, access) {
      live.verifier.forget(userId);
      sync.setPeerAccess(userId, access);
    },
    setText: (next) => replaceText(sync, sync.text, next, null),
  };
}

/** `next` in place of a shared text's content, as the one edit that differs. */
function replaceText(sync: NoteSync, text: Y.Text, next: string, origin: unknown): void {
  const change = textChange(text.toString(), next);
  if (!change) return;
  sync.doc.transact(() => {
    if (change.to > change.from) text.delete(change.from, change.to - change.from);
    if (change.insert) text.insert(change.from, change.insert);
  }, origin);
}

/** Edits typed into the title field (the field shows them already; observers skip them). */
const TITLE_INPUT = Symbol('sheaf-title-input');

function sharedTitle(sync: NoteSync): SharedTitle {
  const undo = new Y.UndoManager(sync.title, { trackedOrigins: new Set([TITLE_INPUT]) });
  return {
    text: () => sync.title.toString(),
    set: (next) => replaceText(sync, sync.title, next, TITLE_INPUT),
    observe(listener) {
      const observer = (event: Y.YTextEvent, transaction: Y.Transaction) => {
        if (transaction.origin !== TITLE_INPUT) listener(event.delta as DeltaOp[]);
      };
      sync.title.observe(observer);
      return () => sync.title.unobserve(observer);
    },
    undo: () => undo.undo() !== null,
    redo: () => undo.redo() !== null,
  };
}
