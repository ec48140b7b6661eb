// How a link to another note is written in a markdown body: an ordinary markdown link whose URL
// names the note by id, `[Title](sheaf:note/<uuid>)`. It stays valid, readable markdown anywhere
// (an export, another editor); the title in the text is only what the writer saw — Sheaf shows the
// note's current title, resolved by id, so renames and moves never break a link. The database
// reads the same pattern out of notes.body into note_links (20261128140000_sheaf_note_links.sql).

export const NOTE_LINK_SCHEME = 'sheaf:note/';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The URL of a link to a note. */
export function noteLinkHref(noteId: string): string {
  return `${NOTE_LINK_SCHEME}${noteId}`;
}

/** The id of the note a link's URL names, or null when it names none. */
export function noteIdOfHref(href: string | null | undefined): string | null {
  if (!href?.startsWith(NOTE_LINK_SCHEME)) return null;
  const id = href.slice(NOTE_LINK_SCHEME.length);
  return UUID.test(id) ? id.toLowerCase() : null;
}

/** The markdown of a link to a note: its title (brackets and backslashes escaped) and its id. */
export function noteLinkMarkdown(title: string, noteId: string): string {
  const text = title.trim().replace(/\s+/g, ' ') || 'Untitled note';
  return `[${text.replace(/[\\[\]]/g, (c) => `\\${c}`)}](${noteLinkHref(noteId)})`;
}

const IN_BODY =
  /\]\(sheaf:note\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\)/gi;

/** The ids of the notes a body links to, each once, in order (as the database reads them). */
export function noteLinkIds(body: string): string[] {
  return [...new Set([...body.matchAll(IN_BODY)].map((m) => m[1]!.toLowerCase()))];
}
