// What the command palette offers for a query: matching notes (from the database's search),
// notebooks and commands whose names start with the typed words, or — with nothing typed — the
// recent notes, every notebook and every command.
import { fold, queryTerms } from '../lib/text/fold.ts';

export interface PaletteItem {
  id: string;
  group: string;
  label: string;
  /** A second line (a notebook's name, a snippet). */
  detail?: string;
  /** Where the item leads, or what it does. */
  to?: string;
  run?: () => void;
  /** Found inside a word or despite a typo: highlight such words too. */
  forgiving?: boolean;
}

/** True when every query word starts a word of the text (accent-insensitive). */
export function nameMatches(text: string, terms: string[]): boolean {
  const words = fold(text).match(/[\p{L}\p{N}]+/gu) ?? [];
  return terms.every((term) => words.some((w) => w.startsWith(term)));
}

export function filterByName<T extends PaletteItem>(items: T[], query: string): T[] {
  const terms = queryTerms(query);
  if (terms.length === 0) return items;
  return items.filter((item) => nameMatches(item.label, terms));
}
