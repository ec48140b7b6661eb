// Mentions of people in a note's markdown: `[@Ada](sheaf:user/<user id>)` — a link in Sheaf's
// `sheaf:` scheme (as note links are `sheaf:note/<id>`), readable as plain text and carrying the
// person's id. The database reads the same format (public.mentioned_user_ids) to tell the people
// newly mentioned.

export const MENTION_SCHEME = 'sheaf:user/';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The markdown for a mention of `name` (brackets and line breaks in the name left out). */
export function mentionMarkdown(name: string, userId: string): string {
  const label =
    name
      .replace(/[[\]\\\r\n]+/g, ' ')
      .trim()
      .slice(0, 100) || 'someone';
  return `[@${label}](${MENTION_SCHEME}${userId})`;
}

/** The user id a mention link points at, or null when the URL is not a mention. */
export function mentionedUserId(url: string | null | undefined): string | null {
  if (!url?.startsWith(MENTION_SCHEME)) return null;
  const id = url.slice(MENTION_SCHEME.length);
  return UUID.test(id) ? id.toLowerCase() : null;
}

/** "@" and a partial name just before the caret, at the start or after a space or an opening
 * bracket: where a mention is being typed (`from` is the "@"), or null. */
export function mentionTypedBefore(
  text: string,
  caret: number,
): { from: number; query: string } | null {
  const match = /(?:^|[\s([{"'])@([\p{L}\p{N}._-]{0,40})$/u.exec(text.slice(0, caret));
  if (!match) return null;
  return { from: caret - match[1]!.length - 1, query: match[1]! };
}

export type MentionPiece = string | { name: string; userId: string };

/** A text cut into plain runs and mentions (`[@Ada](sheaf:user/<id>)` → {name: 'Ada', …}), to
 * show a mention as the person's name. */
export function splitMentions(text: string): MentionPiece[] {
  const pieces: MentionPiece[] = [];
  const pattern = /\[@([^\]\r\n]{1,100})\]\((sheaf:user\/[^)\s]+)\)/g;
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    const userId = mentionedUserId(match[2]);
    if (!userId) continue;
    if (match.index > last) pieces.push(text.slice(last, match.index));
    pieces.push({ name: match[1]!, userId });
    last = match.index + match[0].length;
  }
  if (last < text.length) pieces.push(text.slice(last));
  return pieces;
}
