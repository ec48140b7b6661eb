// Editing a note: title, markdown body (write or preview), tags; autosaved with a visible state.
import { useState } from 'react';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { BODY_MAX_BYTES, TITLE_MAX, type Note } from './data/types.ts';
import { Markdown } from './markdown/markdown.tsx';
import { SaveStatusBadge } from './save-status.tsx';
import { TagEditor } from './tag-editor.tsx';
import { useAutosave } from './use-autosave.ts';

export function NoteEditor({ note }: { note: Note }) {
  const { fields, change, status, error, saveNow, conflict, discard, keep } = useAutosave(
    note,
    true,
  );
  const [preview, setPreview] = useState(false);
  const tooLong = new TextEncoder().encode(fields.body).length > BODY_MAX_BYTES;
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
          onChange={(e) => change({ title: e.target.value })}
        />
      </div>
      {preview ? (
        <section aria-label="Preview" className="editor__preview">
          <Markdown source={fields.body} />
        </section>
      ) : (
        <div className="field">
          <label className="field__label" htmlFor="note-body">
            Body (markdown)
          </label>
          <textarea
            id="note-body"
            className="field__input editor__body"
            value={fields.body}
            onChange={(e) => change({ body: e.target.value })}
            aria-invalid={tooLong || undefined}
            aria-describedby={tooLong ? 'note-body-error' : undefined}
          />
          {tooLong ? (
            <p className="field__error" id="note-body-error">
              A note can hold at most 1 MB of text; this one is too long to save.
            </p>
          ) : null}
        </div>
      )}
      <TagEditor tags={fields.tags} onChange={(tags) => change({ tags })} />
    </div>
  );
}
