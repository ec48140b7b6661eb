// Autosave for the note editor: every change goes to the local draft at once and to the server
// 800 ms after typing stops. Offline, edits wait in the draft and are saved when the browser is
// back online; a draft found at load (after a reload or crash) is saved straight away.
import { useCallback, useEffect, useRef, useState } from 'react';
import { describeError } from '../lib/errors/describe-error.ts';
import { useOnline } from '../lib/use-online.ts';
import { clearDraft, loadDraft, storeDraft, type NoteFields } from './data/drafts.ts';
import type { Note } from './data/types.ts';
import { useUpdateNoteMutation } from './data/update-note-mutation.ts';

export type SaveStatus = 'saved' | 'unsaved' | 'saving' | 'offline' | 'error';

const DEBOUNCE_MS = 800;

export function useAutosave(note: Note, canEdit: boolean) {
  const [initial] = useState(() => (canEdit ? loadDraft(note.id) : null));
  const [fields, setFields] = useState<NoteFields>(
    () => initial ?? { title: note.title, body: note.body, tags: note.tags },
  );
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
    if (!dirty.current) return;
    if (!navigator.onLine) return setStatus('offline');
    if (saving.current) {
      again.current = true;
      return;
    }
    saving.current = true;
    setStatus('saving');
    const snapshot = latest.current;
    try {
      await mutateAsync(snapshot);
      setError(null);
      if (latest.current === snapshot) {
        dirty.current = false;
        clearDraft(note.id);
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
  }, [mutateAsync, note.id]);

  const change = useCallback(
    (patch: Partial<NoteFields>) => {
      const next = { ...latest.current, ...patch };
      latest.current = next;
      dirty.current = true;
      setFields(next);
      storeDraft(note.id, next);
      setStatus(navigator.onLine ? 'unsaved' : 'offline');
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => void flush(), DEBOUNCE_MS);
    },
    [flush, note.id],
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

  return { fields, change, status, error, saveNow: flush };
}
