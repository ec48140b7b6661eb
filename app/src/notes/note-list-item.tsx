// One note in a list: title (a link to the note; marked when it is the one open), a plain-text
// excerpt (marked when the note is over the size limit: the excerpt is then of an earlier text),
// tags (each a filter link) and when it changed. The links are plain anchors with the
// list's one click handler (ui/use-link-navigate.ts), so a long list renders quickly.
import type { MouseEvent } from 'react';
import type { NoteListItem as Item } from './data/types.ts';
import { OVER_LIMIT } from './notebook-text.ts';

const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

interface Props {
  note: Item;
  selected: boolean;
  /** Published at a public link (every member sees it). */
  published?: boolean;
  tagHref(tag: string): string;
  onNavigate(event: MouseEvent<HTMLAnchorElement>): void;
}

export function NoteListItem({ note, selected, published, tagHref, onNavigate }: Props) {
  return (
    <li className={`note-item${selected ? ' note-item--selected' : ''}`} data-testid="note-item">
      <div className="note-item__head">
        <a
          className="note-item__title"
          href={`/n/${note.notebook_id}/${note.id}`}
          onClick={onNavigate}
          aria-current={selected ? 'page' : undefined}
          data-note-id={note.id}
        >
          {note.title.trim() || 'Untitled note'}
        </a>
        {note.pinned ? <span className="badge">Pinned</span> : null}
        {published ? <span className="badge">Published</span> : null}
        {note.body_too_large ? <span className="badge badge--warning">{OVER_LIMIT}</span> : null}
      </div>
      {note.preview ? <p className="note-item__preview">{note.preview}</p> : null}
      <div className="note-item__meta">
        <time dateTime={note.updated_at}>{when.format(new Date(note.updated_at))}</time>
        {note.tags.length > 0 ? (
          <ul className="tag-list" aria-label="Tags">
            {note.tags.map((tag) => (
              <li key={tag}>
                <a
                  className="tag"
                  href={tagHref(tag)}
                  onClick={onNavigate}
                  aria-label={`Show notes tagged ${tag}`}
                >
                  #{tag}
                </a>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </li>
  );
}
