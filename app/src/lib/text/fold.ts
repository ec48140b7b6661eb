// Text compared the way search compares it: accents folded ("café" → "cafe") and lower case, so
// the words a person typed can be found and highlighted in titles and snippets.
import { forgivingMatch } from './forgiving.ts';

// Letters that Postgres's unaccent spells out instead of dropping a mark.
const SPELLED: Record<string, string> = {
  æ: 'ae',
  ø: 'o',
  ß: 'ss',
  œ: 'oe',
  ł: 'l',
  đ: 'd',
  þ: 'th',
};

/** The text folded for comparison: diacritics removed, lower case (as unaccent + lower). */
export function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[æøßœłđþ]/g, (c) => SPELLED[c] ?? c);
}

/** The words of a query, folded, in the order typed, without repeats. */
export function queryTerms(query: string): string[] {
  const words = fold(query).match(/[\p{L}\p{N}]+/gu) ?? [];
  return [...new Set(words)];
}

export interface TextPart {
  text: string;
  match: boolean;
}

/** What a typed word may start in the text: itself, and without an English ending ("herons" is
 * found as "heron", as the database's stemming finds it). */
export function termPrefixes(term: string): string[] {
  const stem = term.replace(/(ing|ed|es|s)$/, '');
  return stem !== term && stem.length >= 3 ? [term, stem] : [term];
}

/** Splits text into parts, marking each word that starts with one of the terms — or, for a
 * forgiving search's result, that holds one inside it or is one with a typo (forgiving.ts). */
export function highlightParts(
  text: string,
  terms: string[],
  { forgiving = false }: { forgiving?: boolean } = {},
): TextPart[] {
  if (terms.length === 0 || !text) return text ? [{ text, match: false }] : [];
  const prefixes = terms.flatMap(termPrefixes);
  const parts: TextPart[] = [];
  let last = 0;
  for (const word of text.matchAll(/[\p{L}\p{N}\p{M}]+/gu)) {
    const folded = fold(word[0]);
    const matches =
      prefixes.some((prefix) => folded.startsWith(prefix)) ||
      (forgiving && terms.some((term) => forgivingMatch(folded, term)));
    if (!matches) continue;
    const start = word.index;
    if (start > last) parts.push({ text: text.slice(last, start), match: false });
    parts.push({ text: word[0], match: true });
    last = start + word[0].length;
  }
  if (last < text.length) parts.push({ text: text.slice(last), match: false });
  return parts;
}
