// "Perhaps you meant …" suggestions: the closest name by trigram similarity, as PostgREST's
// fuzzy set does, or nothing when no name is close enough.

function grams(s: string): Map<string, number> {
  const padded = `-${s.toLowerCase()}-`;
  const out = new Map<string, number>();
  for (let i = 0; i < padded.length - 2; i++) {
    const g = padded.slice(i, i + 3);
    out.set(g, (out.get(g) ?? 0) + 1);
  }
  return out;
}

function similarity(a: string, b: string): number {
  const ga = grams(a);
  const gb = grams(b);
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (const [g, n] of ga) {
    na += n * n;
    dot += n * (gb.get(g) ?? 0);
  }
  for (const n of gb.values()) nb += n * n;
  return na && nb ? dot / Math.sqrt(na * nb) : 0;
}

/** The closest candidate to name with a similarity of at least 0.33, if any. */
export function closest(name: string, candidates: string[]): string | undefined {
  let best: string | undefined;
  let score = 0.33;
  for (const c of candidates) {
    const s = similarity(name, c);
    if (s > score || (s === score && best === undefined)) {
      best = c;
      score = s;
    }
  }
  return best;
}
