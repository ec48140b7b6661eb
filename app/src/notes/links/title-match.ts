// Which notes `[[` offers for what was typed: those whose title has a word starting with each
// typed word, accents and case folded (as the command palette matches names), a plural typed
// also finding the singular (as the database's stemming does).
import { fold, queryTerms, termPrefixes } from '../../lib/text/fold.ts';

/** True when every word of `query` starts a word of the title. */
export function titleMatches(title: string, query: string): boolean {
  const words = fold(title).match(/[\p{L}\p{N}]+/gu) ?? [];
  return queryTerms(query).every((term) =>
    termPrefixes(term).some((prefix) => words.some((w) => w.startsWith(prefix))),
  );
}
