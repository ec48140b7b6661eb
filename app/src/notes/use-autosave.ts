// Autosave for the note editor: every change goes to the local draft at once and to the server
// 800 ms after typing stops. Offline, edits wait in the draft and are saved when the browser is
// back online; a draft found at load (after a reload or crash) is saved straight away — unless
// the note was saved elsewhere since the draft began, when the person chooses first.
import { useCallback, useEffect, useRef, useState } from 'react';
import { describeError } from '../lib/errors/describe-error.ts';
import { useSignedIn } from '../lib/session/session-context.ts';
import { useOnline } from '../lib/use-online.ts';
import { clearDraft, loadDraft, storeDraft, type NoteFields } from './data/drafts.ts';
import type { Note } from './data/types.ts';
import { useUpdateNoteMutation } from './data/update-note-mutation.ts';

export type SaveStatus = 'saved' | 'unsaved' | 'saving' | 'offline' | 'error';

const DEBOUNCE_MS = 800;

export function useAutosave(note: Note, canEdit: boolean) {
  const { user } = useSignedIn();
  const [initial] = useState(() =>
    canEdit ? loadDraft({ userId: user.id, noteId: note.id }) : null,
  );
  const [fields, setFields] = useState<NoteFields>(() =>
    initial
      ? { title: initial.title, body: initial.body, tags: initial.tags }
      : { title: note.title, body: note.body, tags: note.tags },
  );
  // A draft that started from an older version than the one on the server: someone (or this
  // person elsewhere) saved in between. The draft wins unless the person discards it.
  const [conflict, setConflict] = useState(
    () => initial !== null && initial.base !== null && initial.base !== note.updated_at,
  );
  const held = useRef(conflict);
  const base = useRef(initial?.base ?? note.updated_at);
  const [status, setStatus] = useState<SaveStatus>(initial ? 'unsaved' : 'saved');
  const [error, setError] = useState<string | null>(null);
  const online = useOnline();
  const update = useUpdateNoteMutation(note.id);
  const latest = useRef(fields);
  const dirty = useRef(initial !== null);
  const saving = useRef(false);
  const again = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const { mutateAsync } = update;

  const flush = useCallback(async () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    if (!dirty.current || held.current) return;
    if (!navigator.onLine) return setStatus('offline');
    if (saving.current) {
      again.current = true;
      return;
    }
    saving.current = true;
    setStatus('saving');
    const snapshot = latest.current;
    try {
      const saved = await mutateAsync(snapshot);
      base.current = saved.updated_at;
      setError(null);
      if (latest.current === snapshot) {
        dirty.current = false;
        clearDraft({ userId: user.id, noteId: note.id });
        setStatus('saved');
      } else setStatus('unsaved');
    } catch (caught) {
      setStatus(navigator.onLine ? 'error' : 'offline');
      setError(describeError(caught).message);
    } finally {
      saving.current = false;
      if (again.current || (dirty.current && latest.current !== snapshot)) {
        again.current = false;
        timer.current = setTimeout(() => void flush(), DEBOUNCE_MS);
      }
    }
  }, [mutateAsync, user.id, note.id]);

  const change = useCallback(
    (patch: Partial<NoteFields>) => {
      const next = { ...latest.current, ...patch };
      latest.current = next;
      dirty.current = true;
      setFields(next);
      storeDraft({ userId: user.id, noteId: note.id }, { ...next, base: base.current });
      setStatus(navigator.onLine ? 'unsaved' : 'offline');
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => void flush(), DEBOUNCE_MS);
    },
    [flush, user.id, note.id],
  );

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
    clearDraft({ userId: user.id, noteId: note.id });
    const server = { title: note.title, body: note.body, tags: note.tags };
    latest.current = server;
    setFields(server);
    held.current = false;
    setConflict(false);
    setStatus('saved');
  }, [note, user.id]);

  /** Keeps the restored draft and saves it over the newer version. */
  const keep = useCallback(() => {
    held.current = false;
    setConflict(false);
    void flush();
  }, [flush]);

  return {
    fields,
    change,
    status,
    error,
    saveNow: flush,
    conflict,
    discard,
    keep,
  };
}
