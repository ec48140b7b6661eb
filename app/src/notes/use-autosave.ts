// Autosave for the note editor: every change goes to the local draft at once and to the server
// 800 ms after typing stops. Offline, edits wait in the draft and are saved when the browser is
// back online; a draft found at load (after a reload or crash) is saved straight away — unless
// the note was saved elsewhere since the draft began, when the person chooses first. Whether it
// was is asked of the server before that first save (the note the page opened with may be a copy
// kept on the device, lib/query/persisted-cache.ts, from before the change elsewhere), and the
// save itself is made only while the tags are still those the answer held: a change elsewhere
// in between is asked about too, never written over. A new note
// is created by its first save (nothing is stored for a note left empty, and it says so), and a
// body over the size limit is never sent: it would be refused every time. Once the note exists
// its title and body are the shared document's (notes/live, which takes over what was typed):
// saves carry the tags only, and tags changed by someone else show here while nothing is typed
// over them.
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { describeError } from '../lib/errors/describe-error.ts';
import { useSignedIn } from '../lib/session/session-context.ts';
import { useSupabase } from '../lib/supabase.ts';
import { isOnline } from '../lib/reachability.ts';
import { useOnline } from '../lib/use-online.ts';
import { isTooLarge } from '../lib/text/note-limits.ts';
import { useCreateNoteMutation } from './data/create-note-mutation.ts';
import {
  clearDraft,
  draftConflicts,
  loadDraft,
  storeDraft,
  type BaseFields,
  type NoteFields,
} from './data/drafts.ts';
import { noteOptions } from './data/query-options.ts';
import type { Note } from './data/types.ts';
import { ChangedElsewhere, useUpdateNoteMutation } from './data/update-note-mutation.ts';

export type SaveStatus = 'new' | 'saved' | 'unsaved' | 'saving' | 'offline' | 'error' | 'too-large';

const DEBOUNCE_MS = 800;

const isEmpty = (f: NoteFields) => !f.title.trim() && !f.body.trim() && f.tags.length === 0;

export function useAutosave(note: Note, isNew = false) {
  const { user } = useSignedIn();
  const owner = { userId: user.id, noteId: note.id };
  const [initial] = useState(() => loadDraft(owner));
  const [fields, setFields] = useState<NoteFields>(() =>
    initial
      ? { title: initial.title, body: initial.body, tags: initial.tags }
      : { title: note.title, body: note.body, tags: note.tags },
  );
  // A draft that started from an older version than the one on the server: someone (or this
  // person elsewhere) saved in between. The draft wins unless the person discards it.
  const [conflict, setConflict] = useState(
    () => !isNew && initial !== null && draftConflicts(initial, note),
  );
  const held = useRef(conflict);
  /** A draft found at load, not yet compared with the server's current version. */
  const unchecked = useRef(!isNew && initial !== null && !conflict);
  const base = useRef(initial?.base ?? (isNew ? null : note.updated_at));
  const baseFields = useRef<BaseFields | null>(
    initial ? initial.baseFields : isNew ? null : { title: note.title, tags: note.tags },
  );
  const exists = useRef(!isNew);
  const created = useRef<{ wait: Promise<void>; settle(error?: unknown): void } | null>(null);
  const [status, setStatus] = useState<SaveStatus>(initial ? 'unsaved' : isNew ? 'new' : 'saved');
  const [error, setError] = useState<string | null>(null);
  const online = useOnline();
  const { mutateAsync: update } = useUpdateNoteMutation(note.id);
  const { mutateAsync: create } = useCreateNoteMutation();
  const supabase = useSupabase();
  const queryClient = useQueryClient();
  const latest = useRef(fields);
  const dirty = useRef(initial !== null);
  const saving = useRef(false);
  const again = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const { id: noteId, notebook_id: notebookId } = note;
  const userId = user.id;

  /** Wakes whoever waits for the note to exist (ensureExists), with the failure if any. */
  function settleCreated(error?: unknown) {
    const pending = created.current;
    created.current = null;
    pending?.settle(error);
  }

  const flush = useCallback(async () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    if (!dirty.current || held.current) return;
    const snapshot = latest.current;
    if (!exists.current && isTooLarge(snapshot.body)) return setStatus('too-large');
    if (!exists.current && isEmpty(snapshot) && !created.current) {
      dirty.current = false;
      clearDraft({ userId, noteId });
      return setStatus('new');
    }
    if (!isOnline()) return setStatus('offline');
    if (saving.current) {
      again.current = true;
      return;
    }
    saving.current = true;
    setStatus('saving');
    try {
      let ifTags: string[] | undefined;
      if (unchecked.current && initial) {
        // The server's version now (also shown by the page, e.g. after "Discard my changes").
        const current = await queryClient.fetchQuery({
          ...noteOptions(supabase, noteId),
          staleTime: 0,
        });
        if (current && draftConflicts({ ...initial, ...snapshot }, current)) {
          unchecked.current = false;
          held.current = true;
          setConflict(true);
          setStatus('unsaved');
          return;
        }
        ifTags = current?.tags;
      }
      const saved = exists.current
        ? await update({ patch: { tags: snapshot.tags }, ifTags })
        : await create({ id: noteId, notebook_id: notebookId, ...snapshot });
      unchecked.current = false;
      exists.current = true;
      settleCreated();
      base.current = saved.updated_at;
      baseFields.current = { title: snapshot.title, tags: snapshot.tags };
      setError(null);
      if (latest.current === snapshot) {
        dirty.current = false;
        clearDraft({ userId, noteId });
        setStatus('saved');
      } else setStatus('unsaved');
    } catch (caught) {
      if (caught instanceof ChangedElsewhere) {
        // Changed between the question and the save: ask again (and the person, if it conflicts).
        again.current = true;
        setStatus('unsaved');
        return;
      }
      if (!exists.current) settleCreated(caught);
      setStatus(isOnline() ? 'error' : 'offline');
      setError(describeError(caught).message);
    } finally {
      saving.current = false;
      if (again.current || (dirty.current && latest.current !== snapshot)) {
        again.current = false;
        timer.current = setTimeout(() => void flush(), DEBOUNCE_MS);
      }
    }
  }, [update, create, userId, noteId, notebookId, initial, queryClient, supabase]);

  const change = useCallback(
    (patch: Partial<NoteFields>) => {
      const next = { ...latest.current, ...patch };
      latest.current = next;
      dirty.current = true;
      setFields(next);
      storeDraft(
        { userId, noteId },
        { ...next, base: base.current, baseFields: baseFields.current },
      );
      if (!exists.current && isTooLarge(next.body)) setStatus('too-large');
      else if (!exists.current && isEmpty(next) && !created.current) setStatus('new');
      else setStatus(isOnline() ? 'unsaved' : 'offline');
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => void flush(), DEBOUNCE_MS);
    },
    [flush, userId, noteId],
  );

  // Someone else's title or tags, shown unless this person is changing them (the title is the
  // shared document's once that is open; this is what shows before).
  const remote = `${note.title}\u0000${note.tags.join('\u0000')}`;
  useEffect(() => {
    if (dirty.current || !exists.current) return;
    const [title = '', ...tags] = remote.split('\u0000');
    const next = { ...latest.current, title, tags: tags.filter(Boolean) };
    latest.current = next;
    setFields(next);
  }, [remote]);

  // Back online, or a draft found at load: save what is waiting.
  useEffect(() => {
    if (online && dirty.current) void flush();
    else if (!online && dirty.current) setStatus('offline');
  }, [online, flush]);

  // Leaving the page saves what is pending (the draft stays until the server has it).
  useEffect(
    () => () => {
      if (timer.current && dirty.current) void flush();
    },
    [flush],
  );

  /** Drops the local draft and shows the version saved on the server. */
  const discard = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    dirty.current = false;
    clearDraft({ userId, noteId });
    const server = { title: note.title, body: note.body, tags: note.tags };
    latest.current = server;
    setFields(server);
    held.current = false;
    setConflict(false);
    setStatus('saved');
  }, [note, userId, noteId]);

  /** Keeps the restored draft and saves it over the newer version. */
  const keep = useCallback(() => {
    held.current = false;
    setConflict(false);
    void flush();
  }, [flush]);

  /** Resolves once the note exists on the server (a new note is saved first), e.g. before an
   * attachment is uploaded into it. */
  const ensureExists = useCallback(async () => {
    if (exists.current) return;
    if (!created.current) {
      let settle: (error?: unknown) => void = () => undefined;
      const wait = new Promise<void>((resolve, reject) => {
        settle = (error) => (error === undefined ? resolve() : reject(error));
      });
      created.current = { wait, settle };
    }
    const { wait } = created.current;
    dirty.current = true;
    void flush();
    await wait;
  }, [flush]);

  return {
    fields,
    /** The latest fields (also between renders). */
    latest,
    change,
    status,
    error,
    saveNow: flush,
    ensureExists,
    conflict,
    discard,
    keep,
  };
}
