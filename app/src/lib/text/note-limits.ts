// The limits of a note's text, as the database checks them (the notes table): a title of at most
// 200 characters, a body of at most 1 MiB of UTF-8. Counting bytes without encoding short
// bodies: a string of n UTF-16 units takes at most 3n bytes.
export const TITLE_MAX = 200;
export const BODY_MAX_BYTES = 1_048_576;

export function bodyBytes(body: string): number {
  return new TextEncoder().encode(body).length;
}

export function isTooLarge(body: string, limit = BODY_MAX_BYTES): boolean {
  if (body.length * 3 <= limit) return false;
  return bodyBytes(body) > limit;
}

/** Whether a title fits notes.title (characters, as char_length counts them: code points). */
export function titleFits(title: string, limit = TITLE_MAX): boolean {
  if (title.length <= limit) return true;
  let points = 0;
  for (const _ of title) if (++points > limit) return false;
  return true;
}

/**
 * Megabytes for people: "1.2 MB" — with two decimals where one would make a size over the limit
 * read as the limit itself ("1.03 MB", not "1.0 MB of at most 1.0 MB").
 */
export function megabytes(bytes: number, limit = BODY_MAX_BYTES): string {
  const one = (bytes / 1_048_576).toFixed(1);
  const same = one === (limit / 1_048_576).toFixed(1) && bytes !== limit;
  return `${same ? (bytes / 1_048_576).toFixed(2) : one} MB`;
}
