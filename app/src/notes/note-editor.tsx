// Editing a note: title, markdown body (CodeMirror, or the rendered preview with tickable tasks;
// Ctrl/⌘+E switches), tags. The title and tags autosave with a visible state; the body is the
// note's shared document (notes/live), edited together with everyone else who has it open.
// A new note's body is plain text until its first save creates it; the shared copy then takes
// over what was typed (and the selection and focus), as it does for a draft left from before.
// Images pasted or dropped into the body upload as attachments and appear inline.
import { Suspense, useEffect, useId, useRef, useState } from 'react';
import { useShortcuts } from '../lib/keyboard/shortcuts.ts';
import { useOnline } from '../lib/use-online.ts';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { PageLoading } from '../ui/page-loading.tsx';
import { bodyBytes } from './body-size.ts';
import { BODY_MAX_BYTES, TITLE_MAX, type Note } from './data/types.ts';
import type { EditorHandle } from './editor/markdown-editor.tsx';
import { Markdown, MarkdownEditor } from './lazy-parts.tsx';
import { liveSaveStatus } from './live/live-save-status.ts';
import type { Collab } from './live/use-collab.ts';
import { useLiveText } from './live/use-live-text.ts';
import type { NoteImageSupport } from './note-images.ts';
import { SaveStatusBadge } from './save-status.tsx';
import { TagEditor } from './tag-editor.tsx';
import { useAutosave } from './use-autosave.ts';
import { useImagePaste } from './use-image-paste.ts';

interface Props {
  note: Note;
  isNew?: boolean;
  images?: NoteImageSupport;
  collab: Collab;
}

const megabytes = (bytes: number) => `${(bytes / 1_048_576).toFixed(1)} MB`;

export function NoteEditor({ note, isNew = false, images, collab }: Props) {
  const autosave = useAutosave(note, isNew);
  const { fields, change, error, saveNow, conflict, discard, keep } = autosave;
  const { session, status: sync } = collab;
  const online = useOnline();
  const [preview, setPreview] = useState(false);
  const [wasNew] = useState(isNew);
  const [mountBody] = useState(note.body);
  const [bound, setBound] = useState(false);
  const ready = session !== null && sync !== null && sync.phase !== 'opening';
  // The hand-over to the shared copy: what was typed before it opened becomes one edit of ours.
  useEffect(() => {
    if (!ready || bound) return;
    const typed = autosave.latest.current.body;
    if (wasNew || (typed !== mountBody && session.text() === mountBody)) session.setText(typed);
    // The editor binds on the next render, after the shared text has taken the typed text.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setBound(true);
  }, [ready, bound, session, wasNew, mountBody, autosave.latest]);
  const live = bound && session ? session : null;
  const liveText = useLiveText(live, preview);
  const status = liveSaveStatus(autosave.status, live ? sync : null, online);
  const editor = useRef<EditorHandle>(null);
  const errorId = useId();
  const paste = useImagePaste(
    images,
    { notebookId: note.notebook_id, noteId: note.id },
    editor,
    autosave.ensureExists,
  );
  useShortcuts([{ keys: 'mod+e', inFields: true, run: () => setPreview((p) => !p) }]);
  const tooLarge = status === 'too-large';

  return (
    <div className="editor">
      <div className="editor__bar">
        <SaveStatusBadge status={status} />
        <div className="editor__modes" role="group" aria-label="Body view">
          <Button variant="secondary" aria-pressed={!preview} onClick={() => setPreview(false)}>
            Write
          </Button>
          <Button variant="secondary" aria-pressed={preview} onClick={() => setPreview(true)}>
            Preview
          </Button>
        </div>
      </div>
      {conflict ? (
        <Alert tone="info">
          Your unsaved changes from earlier were restored. This note was also saved elsewhere since;
          keeping your changes replaces that version.{' '}
          <Button variant="secondary" onClick={keep}>
            Keep my changes
          </Button>{' '}
          <Button variant="secondary" onClick={discard}>
            Discard my changes
          </Button>
        </Alert>
      ) : null}
      {status === 'error' && error ? (
        <Alert tone="error">
          {error}{' '}
          <Button variant="secondary" onClick={() => void saveNow()}>
            Try again
          </Button>
        </Alert>
      ) : null}
      <div className="field">
        <label className="field__label" htmlFor="note-title">
          Title
        </label>
        <input
          id="note-title"
          className="field__input editor__title"
          value={fields.title}
          maxLength={TITLE_MAX}
          placeholder="Untitled note"
          autoComplete="off"
          onChange={(e) => change({ title: e.target.value })}
        />
      </div>
      <Suspense fallback={<PageLoading label="Loading the editor…" />}>
        {preview ? (
          <section aria-label="Preview" className="editor__preview">
            <Markdown
              source={live ? (liveText ?? '') : fields.body}
              onToggleTask={(body) => (live ? live.setText(body) : change({ body }))}
              resolveImage={images?.url}
            />
          </section>
        ) : (
          <div className="field">
            <span className="field__label" id="note-body-label">
              Body (markdown)
            </span>
            <MarkdownEditor
              ref={editor}
              value={fields.body}
              onChange={(body) => change({ body })}
              collaboration={live ?? undefined}
              readOnly={!live && !wasNew}
              label="Body (markdown)"
              invalid={tooLarge}
              describedBy={tooLarge ? errorId : undefined}
              onFiles={paste.onFiles}
            />
          </div>
        )}
      </Suspense>
      {tooLarge ? (
        <p className="field__error" id={errorId} role="alert">
          This note is {megabytes(bodyBytes(live ? live.text() : fields.body))}; a note can hold at
          most {megabytes(BODY_MAX_BYTES)} of text. It is kept on this device and saves again once
          it is shorter.
        </p>
      ) : null}
      {paste.uploading.length > 0 ? (
        <p className="field__hint" role="status">
          Adding {paste.uploading.join(', ')}…
        </p>
      ) : null}
      {paste.failures.length > 0 ? (
        <Alert tone="error">
          {paste.failures.join(' ')}{' '}
          <Button variant="secondary" onClick={paste.clearFailures}>
            Dismiss
          </Button>
        </Alert>
      ) : null}
      <TagEditor tags={fields.tags} onChange={(tags) => change({ tags })} />
    </div>
  );
}
