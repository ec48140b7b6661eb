// A link to another note inside rendered markdown: a link to the note's page in the app, showing
// the note's CURRENT title (resolved by id, so renames and moves never break it). A note the
// reader cannot read, deleted or in the trash shows as plain "unavailable note" text — never its
// title, whatever the link's own text says. While the title loads, the written text stands in.
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useLinkTargetQuery } from '../data/link-target-query.ts';
import './links.css';

export const UNAVAILABLE_NOTE = 'unavailable note';

export function NoteLink({ noteId, children }: { noteId: string; children: ReactNode }) {
  const target = useLinkTargetQuery(noteId);
  if (target.isPending)
    return (
      <span className="note-link note-link--loading" aria-busy="true">
        {children}
      </span>
    );
  if (target.isError)
    return (
      <span
        className="note-link note-link--unavailable"
        title="The linked note could not be loaded"
      >
        {children}
      </span>
    );
  if (!target.data)
    return (
      <span className="note-link note-link--unavailable" data-testid="unavailable-note">
        {UNAVAILABLE_NOTE}
      </span>
    );
  const { notebook_id, id, title } = target.data;
  return (
    <Link className="note-link" to={`/n/${notebook_id}/${id}`}>
      {title.trim() || 'Untitled note'}
    </Link>
  );
}
