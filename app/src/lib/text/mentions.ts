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
