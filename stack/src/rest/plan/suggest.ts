// "Perhaps you meant …" suggestions, ranked as PostgREST's fuzzy set (the fuzzyset library) ranks
// them: an exact match (ignoring case) first; else trigram, then bigram, cosine similarity over
// the names stripped to letters, digits, spaces and commas; the best 50 re-scored by normalised
// Levenshtein distance; at least 0.33.

/** The library's default threshold; PostgREST asks 0.75 of table and function names. */
export const MIN_SCORE = 0.33;
export const NAME_MIN_SCORE = 0.75;

const normalize = (s: string) => s.toLowerCase().replace(/[^\p{L}\p{N}\s,]/gu, '');

function grams(value: string, size: number): Map<string, number> {
  const padded = `-${normalize(value)}-`;
  const out = new Map<string, number>();
  for (let i = 0; i + size <= padded.length; i++) {
    const g = padded.slice(i, i + size);
    out.set(g, (out.get(g) ?? 0) + 1);
  }
  return out;
}

const norm = (counts: Map<string, number>) =>
  Math.sqrt([...counts.values()].reduce((sum, n) => sum + n * n, 0));

function levenshtein(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++)
      row[j] = Math.min(
        prev[j]! + 1,
        row[j - 1]! + 1,
        prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
    prev = row;
  }
  return prev[b.length]!;
}

const distance = (a: string, b: string) => 1 - levenshtein(a, b) / Math.max(a.length, b.length, 1);

/** Candidates close to `value`, best first, with their scores. */
export function fuzzyMatches(
  value: string,
  candidates: string[],
  minScore = MIN_SCORE,
): { score: number; name: string }[] {
  const target = value.toLowerCase();
  // The set keeps one entry per lower-cased name: the last in the list (it is built by a foldr).
  const byLower = new Map<string, string>();
  for (const c of [...candidates].reverse())
    if (!byLower.has(c.toLowerCase())) byLower.set(c.toLowerCase(), c);
  const exact = byLower.get(target);
  if (exact !== undefined) return [{ score: 1, name: exact }];
  for (const size of [3, 2]) {
    const query = grams(target, size);
    const queryNorm = norm(query);
    const scored = [...byLower.entries()]
      .map(([lower, name]) => {
        const item = grams(lower, size);
        let dot = 0;
        for (const [g, n] of query) dot += n * (item.get(g) ?? 0);
        return { lower, name, cosine: dot && dot / (queryNorm * norm(item)) };
      })
      .filter((s) => s.cosine > 0)
      .sort((a, b) => b.cosine - a.cosine)
      .slice(0, 50)
      .map((s) => ({ score: distance(s.lower, target), name: s.name }))
      .sort((a, b) => b.score - a.score)
      .filter((s) => s.score >= minScore);
    if (scored.length > 0) return scored;
  }
  return [];
}

/** The closest candidate to `value`, if any is close enough. */
export function closest(
  value: string,
  candidates: string[],
  minScore = MIN_SCORE,
): string | undefined {
  return fuzzyMatches(value, candidates, minScore)[0]?.name;
}
