// Editing a note, as a document: the title is its heading, the markdown body flows under it and
// shows rendered as it is written (live preview in place: editor/live-preview.ts), and the
// reading view (rendered, with tickable tasks; Ctrl/⌘+E) is a toggle; tags close it. The title
// and the body are the note's shared document (notes/live), edited together with everyone else
// who has it open; the tags autosave with a visible state.
// A new note's title and body are plain text until its first save creates it; the shared copy
// then takes over what was typed (with the selection and focus) at the moment each field binds
// to it, as it does for a draft left from before. A new note takes the keys typed before it
// appeared, and focus. An existing note shows the page's copy of its row, read-only, while this
// device's copy of its document opens ("Opening…": the row may be older than that copy): keys
// typed into the body or the title meanwhile go in at the caret once it is open, the caret kept
// where the person put it in the text they saw. The body never grows past the size limit by
// this person's hand (the change is refused, with a sentence); should everyone's edits together
// pass it, everyone is told. Images pasted or dropped into the body upload as attachments and
// appear inline.
import { Suspense, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { holdTypedKeys, holdingFor, takeTypedText } from '../lib/keyboard/type-ahead.ts';
import { useShortcuts } from '../lib/keyboard/shortcuts.ts';
import { BODY_MAX_BYTES, TITLE_MAX, bodyBytes, megabytes } from '../lib/text/note-limits.ts';
import { useOnline } from '../lib/use-online.ts';
import { useSignedIn } from '../lib/session/session-context.ts';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { PageLoading } from '../ui/page-loading.tsx';
import { ReadingViewToggle } from './reading-view-toggle.tsx';
import { useNoteSuggestions } from './data/link-suggestions.ts';
import { useNotebookPeopleQuery } from './data/notebook-people-query.ts';
import { useRequestMentionEmails } from './data/request-mention-emails.ts';
import type { Note } from './data/types.ts';
import type { EditorHandle, SharedText } from './editor/markdown-editor.tsx';
import { Markdown, MarkdownEditor } from './lazy-parts.tsx';
import { liveSaveStatus } from './live/live-save-status.ts';
import type { Collab } from './live/use-collab.ts';
import { useLiveText } from './live/use-live-text.ts';
import type { NoteImageSupport } from './note-images.ts';
import { SaveStatusBadge } from './save-status.tsx';
import { TagEditor } from './tag-editor.tsx';
import { TitleField } from './title-field.tsx';
import { useAutosave } from './use-autosave.ts';
import { useImagePaste } from './use-image-paste.ts';

interface Props {
  note: Note;
  isNew?: boolean;
  images?: NoteImageSupport;
  collab: Collab;
}

export function NoteEditor({ note, isNew = false, images, collab }: Props) {
  const { session, status: sync } = collab;
  const [wasNew] = useState(isNew);
  const [mounted] = useState(() => ({ title: note.title, body: note.body }));
  // The shared copy binds once it is open — for a note this device never had, only once it has
  // been loaded (offline, such a note is read here until the connection returns); a note just
  // created here is all on this device already.
  // A note with text and no document yet (opened as a reader, now an editor) binds once the
  // document is seeded from its text, never empty.
  const ready =
    session !== null &&
    sync !== null &&
    !sync.documentless &&
    (sync.phase === 'ready' || (sync.phase === 'unavailable' && wasNew));
  const live = ready ? session : null;
  const unavailable = sync?.phase === 'unavailable' && !wasNew;
  const autosave = useAutosave(note, isNew);
  const { fields, change, error, saveNow, conflict, discard, keep } = autosave;
  const online = useOnline();
  const [preview, setPreview] = useState(false);
  const [refusedBytes, setRefusedBytes] = useState<number | null>(null);
  const [readOnlyTyping, setReadOnlyTyping] = useState(false);
  const held = useHeldTypingNotice();
  const liveText = useLiveText(live, preview);
  const status = liveSaveStatus(autosave.status, live ? sync : null, online);
  const editor = useRef<EditorHandle | null>(null);
  const suggestNotes = useNoteSuggestions(note.id);
  const bodyWanted = useRef(false);
  const errorId = useId();
  const titleErrorId = useId();
  const refusedId = useId();
  const path = `/n/${note.notebook_id}/${note.id}`;
  const paste = useImagePaste(
    images,
    { notebookId: note.notebook_id, noteId: note.id },
    editor,
    autosave.ensureExists,
  );
  useShortcuts([{ keys: 'mod+e', inFields: true, run: () => setPreview((p) => !p) }]);
  // "@" suggests the notebook's other people; a mention picked asks for its email to go out.
  const { user } = useSignedIn();
  const people = useNotebookPeopleQuery(note.notebook_id).data;
  const mentionPeople = useMemo(
    () =>
      (people ?? [])
        .filter((p) => p.id !== user.id)
        .map((p) => ({ id: p.id, name: p.name, detail: p.role })),
    [people, user.id],
  );
  const requestMentionEmails = useRequestMentionEmails();

  // The hand-over: what was typed before the shared copy opened becomes one edit of ours —
  // always for a new note; for a draft, when nobody changed that text meanwhile.
  const body = useMemo<SharedText | undefined>(
    () =>
      live
        ? {
            extension: live.extension,
            text: live.text,
            adopt(typed) {
              if (wasNew || (typed !== mounted.body && live.text() === mounted.body))
                live.setText(typed);
            },
          }
        : undefined,
    [live, wasNew, mounted],
  );
  const adoptTitle = useCallback(
    (typed: string) => {
      if (!live) return;
      if (wasNew || (typed !== mounted.title && live.title.text() === mounted.title))
        live.title.set(typed);
    },
    [live, wasNew, mounted],
  );

  /** Enter in the title: on to the body, with what was typed ahead for it. */
  const toBody = useCallback(() => {
    const handle = editor.current;
    if (!handle) {
      // The editor is still loading: what is typed from now on is the body's, held until the
      // editor appears and takes it — not more of the title, where the focus still is.
      bodyWanted.current = true;
      if (!holdingFor(path)) holdTypedKeys(path);
      if (document.activeElement instanceof HTMLElement) document.activeElement.blur();
      return;
    }
    handle.focusTaking(() => takeTypedText(path));
  }, [path]);
  const editorRef = useCallback(
    (handle: EditorHandle | null) => {
      editor.current = handle;
      if (handle && bodyWanted.current) {
        bodyWanted.current = false;
        // Keys stay held until the editor's view exists and takes them (it is made after the
        // first paint, a moment after this handle): a key between would fall on the page.
        handle.focusTaking(() => takeTypedText(path));
      }
    },
    [path],
  );

  const tooLarge = status === 'too-large';
  const titleTooLong = live !== null && sync?.titleTooLong === true;
  const readOnly = !live && (!wasNew || unavailable);
  // Read-only only until the shared copy binds (this device's copy opening, a moment): what is
  // typed meanwhile is held and goes in at the caret then.
  const opening = readOnly && !wasNew && !unavailable && !collab.failed && !sync?.refused;
  return (
    <div className="editor">
      <div className="editor__bar">
        <SaveStatusBadge status={opening ? 'opening' : status} />
        <ReadingViewToggle on={preview} onChange={setPreview} />
      </div>
      {unavailable ? (
        <p className="live-notice" role="status" data-testid="document-not-on-device">
          This note has not been opened on this device before, so it cannot be edited offline. It
          can be edited as soon as the connection returns.
        </p>
      ) : null}
      {tooLarge ? (
        <p className="field__error" id={errorId} role="alert">
          {live
            ? `Together, everyone’s edits made this note ${megabytes(bodyBytes(live.text()))}; a note holds at most ${megabytes(BODY_MAX_BYTES)} of text. Every edit is kept in the note, but search and the notes list show the text from before it grew past the limit until it is shorter.`
            : `This note is ${megabytes(bodyBytes(fields.body))}; a note holds at most ${megabytes(BODY_MAX_BYTES)} of text. It is kept on this device and saves once it is shorter.`}
        </p>
      ) : null}
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
      <div className="editor__head">
        <TitleField
          value={fields.title}
          onChange={(title) => change({ title })}
          shared={live?.title ?? null}
          adopt={adoptTitle}
          takeTypedFor={wasNew ? path : undefined}
          onEnter={toBody}
          readOnly={readOnly && !wasNew}
          opening={opening}
          invalid={titleTooLong}
          describedBy={titleTooLong ? titleErrorId : undefined}
        />
        {titleTooLong ? (
          <p className="field__error" id={titleErrorId} role="alert">
            Together, everyone’s edits made this title longer than {TITLE_MAX} characters. Lists and
            search show the earlier title until it is shorter.
          </p>
        ) : null}
      </div>
      <Suspense fallback={<PageLoading label="Loading the editor…" />}>
        {preview ? (
          <section aria-label="Reading view" className="editor__preview">
            <Markdown
              source={live ? (liveText ?? '') : fields.body}
              onToggleTask={(next) => (live ? live.setText(next) : change({ body: next }))}
              resolveImage={images?.url}
            />
          </section>
        ) : (
          <div className="editor__body">
            <MarkdownEditor
              ref={editorRef}
              value={fields.body}
              onChange={(next) => {
                setRefusedBytes(null);
                change({ body: next });
              }}
              collaboration={body}
              readOnly={readOnly}
              label="Body (markdown)"
              invalid={tooLarge || refusedBytes !== null}
              describedBy={tooLarge ? errorId : refusedBytes !== null ? refusedId : undefined}
              maxBytes={BODY_MAX_BYTES}
              onTooLarge={setRefusedBytes}
              onReadOnlyKey={() => setReadOnlyTyping(true)}
              opening={opening}
              onHeldKey={held.key}
              onFiles={paste.onFiles}
              suggestNotes={suggestNotes}
              mentionPeople={mentionPeople}
              onMention={requestMentionEmails}
            />
          </div>
        )}
      </Suspense>
      {refusedBytes !== null && !tooLarge ? (
        // Where the person is typing, however far down a long note: a notice over the page.
        <div className="toasts">
          <div className="toast" role="alert" id={refusedId}>
            <span>
              That would make this note {megabytes(refusedBytes)}; a note holds at most{' '}
              {megabytes(BODY_MAX_BYTES)} of text, so nothing was added. Split it into two notes, or
              attach it as a file.
            </span>
            <Button variant="secondary" onClick={() => setRefusedBytes(null)}>
              Dismiss
            </Button>
          </div>
        </div>
      ) : null}
      {held.shown && opening ? (
        <p className="field__hint" role="status">
          Opening the note: what you type goes in as soon as it is open.
        </p>
      ) : null}
      {readOnlyTyping && readOnly ? (
        <p className="field__hint" role="status">
          {unavailable
            ? 'This note can be edited once the connection returns.'
            : 'This note cannot be edited just now.'}
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

/** Typing held while the note opens says so only if the opening is not over in a moment. */
function useHeldTypingNotice(): { shown: boolean; key(): void } {
  const [shown, setShown] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => clearTimeout(timer.current ?? undefined), []);
  const key = useCallback(() => {
    timer.current ??= setTimeout(() => setShown(true), HELD_NOTICE_MS);
  }, []);
  return { shown, key };
}

const HELD_NOTICE_MS = 400;
