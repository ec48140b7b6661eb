// A note for a viewer: title, tags and the rendered markdown, with no edit controls.
import type { Note } from './data/types.ts';
import { Markdown } from './markdown/markdown.tsx';

export function NoteReader({ note }: { note: Note }) {
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
      <Markdown source={note.body} />
    </article>
  );
}
