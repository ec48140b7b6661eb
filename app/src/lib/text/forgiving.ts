// Which words a forgiving search result matched, to highlight them: a typed word found inside a
// word ("ebra" in "zebra"), or a word spelled a little differently ("launhc" for "launch"). The
// database finds these by trigrams (pg_trgm); the palette only marks them, so a simpler rule
// will do: one letter wrong, missing, extra or two swapped (two for words of 8 letters or more).

/** Edit distance with adjacent transpositions (optimal string alignment), stopping early once
 * it exceeds `max` (then returns max + 1). */
export function editDistance(a: string, b: string, max = Infinity): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let before: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d = Math.min(d, before[j - 2]! + 1);
      current.push(d);
      best = Math.min(best, d);
    }
    if (best > max) return max + 1;
    before = previous;
    previous = current;
  }
  return previous[b.length]!;
}

/** How many edits a typed word may be from a word it stands for. */
export function typosAllowed(term: string): number {
  return term.length >= 8 ? 2 : term.length >= 4 ? 1 : 0;
}

/** True when a folded word holds a typed (folded) term inside it, or is the term with a typo,
 * whole or as the start of a longer word ("launhc" → "launchpad"). */
export function forgivingMatch(word: string, term: string): boolean {
  if (term.length >= 3 && word.includes(term)) return true;
  const allowed = typosAllowed(term);
  if (allowed === 0) return false;
  return (
    editDistance(term, word, allowed) <= allowed ||
    (word.length > term.length &&
      editDistance(term, word.slice(0, term.length), allowed) <= allowed)
  );
}
