// A note as read, not edited (viewers, and notes in the trash): title, tags and the body with no
// edit controls. While the note is shared live (`collab`), the body is a read-only editor that
// follows everyone's edits and shows their carets, or the rendered preview, also live; a note
// in the trash, or one whose shared copy is not open yet, shows its stored text rendered. The
// title follows the shared document's too. Keys typed into the read-only text are text, never
// shortcuts; the reader is told why nothing happens.
import { Suspense, useState } from 'react';
import { PageLoading } from '../ui/page-loading.tsx';
import type { Note } from './data/types.ts';
import { Markdown, MarkdownEditor } from './lazy-parts.tsx';
import type { Collab } from './live/use-collab.ts';
import { useLiveText, useLiveTitle } from './live/use-live-text.ts';
import { ReadingViewToggle } from './reading-view-toggle.tsx';

interface Props {
  note: Note;
  resolveImage?(path: string): Promise<string>;
  collab?: Collab | null;
}

export function NoteReader({ note, resolveImage, collab }: Props) {
  const [preview, setPreview] = useState(false);
  const [typed, setTyped] = useState(false);
  const status = collab?.status;
  const session =
    collab?.session && status && status.phase !== 'opening' && !status.documentless
      ? collab.session
      : null;
  const liveText = useLiveText(session, preview);
  const title = useLiveTitle(session, note.title, !!status && !status.titleless);
  return (
    <article className="reader" aria-labelledby="note-heading">
      {session ? (
        <div className="editor__bar editor__bar--end">
          <ReadingViewToggle on={preview} onChange={setPreview} />
        </div>
      ) : null}
      <h2 id="note-heading" className="reader__title">
        {title.trim() || 'Untitled note'}
      </h2>
      {note.tags.length > 0 ? (
        <ul className="tag-list" aria-label="Tags">
          {note.tags.map((tag) => (
            <li key={tag} className="tag">
              #{tag}
            </li>
          ))}
        </ul>
      ) : null}
      <Suspense fallback={<PageLoading label="Loading the note…" />}>
        {session && !preview ? (
          <MarkdownEditor
            value=""
            onChange={() => undefined}
            collaboration={session}
            readOnly
            label="Body (markdown, read only)"
            onReadOnlyKey={() => setTyped(true)}
          />
        ) : (
          <section aria-label="Reading view" className="editor__preview">
            <Markdown source={session ? (liveText ?? '') : note.body} resolveImage={resolveImage} />
          </section>
        )}
      </Suspense>
      {typed ? (
        <p className="field__hint" role="status">
          You can read this note; only its editors can change it.
        </p>
      ) : null}
    </article>
  );
}
