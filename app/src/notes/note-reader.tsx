// A note as read, not edited (viewers, and notes in the trash): title, tags and the rendered
// markdown, with no edit controls.
import { Suspense } from 'react';
import { PageLoading } from '../ui/page-loading.tsx';
import type { Note } from './data/types.ts';
import { Markdown } from './lazy-parts.tsx';

interface Props {
  note: Note;
  resolveImage?(path: string): Promise<string>;
}

export function NoteReader({ note, resolveImage }: Props) {
  return (
    <article className="reader" aria-labelledby="note-heading">
      <h2 id="note-heading" className="reader__title">
        {note.title.trim() || 'Untitled note'}
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
        <Markdown source={note.body} resolveImage={resolveImage} />
      </Suspense>
    </article>
  );
}
