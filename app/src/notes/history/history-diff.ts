// What changed between two states of a note, as the history shows it: the text compared by
// words or by lines (jsdiff), long unchanged stretches folded to a few lines of context around
// each change, a one-line summary, and the title's and tags' changes.
import { diffLines, diffWordsWithSpace } from 'diff';

export type Granularity = 'words' | 'lines';

export interface Change {
  kind: 'same' | 'added' | 'removed';
  text: string;
}

/** Unchanged text left out of view: `lines` lines of it (shown on request). */
export interface Fold {
  kind: 'fold';
  text: string;
  lines: number;
}

export type Piece = Change | Fold;

/** Beyond this a diff is not worth the wait: the caller shows the versions instead. */
const DIFF_TIMEOUT_MS = 1500;

/**
 * The changes that turn `before` into `after`, compared by words (each word, run of spaces and
 * line break a token, so nothing is lost) or by whole lines (a line break at the very end is
 * not a change of the last line); null when the texts are too far apart to compare in
 * reasonable time.
 */
export function diffTexts(before: string, after: string, by: Granularity): Change[] | null {
  const parts =
    by === 'words'
      ? diffWordsWithSpace(before, after, { timeout: DIFF_TIMEOUT_MS })
      : // The last line is the same line whether or not a line break follows it.
        diffLines(before, after, { timeout: DIFF_TIMEOUT_MS, ignoreNewlineAtEof: true });
  if (!parts) return null;
  return parts
    .filter((p) => p.value !== '')
    .map((p) => ({
      kind: p.added ? 'added' : p.removed ? 'removed' : 'same',
      text: p.value,
    }));
}

/** The text split into lines, each keeping its line break. */
function linesOf(text: string): string[] {
  return text.split(/(?<=\n)/);
}

/**
 * Folds each unchanged stretch to `context` lines after the change before it and before the
 * change after it. Nothing changed: nothing to show ([]).
 */
export function foldUnchanged(changes: Change[], context = 2): Piece[] {
  if (!changes.some((c) => c.kind !== 'same')) return [];
  const pieces: Piece[] = [];
  changes.forEach((change, i) => {
    if (change.kind !== 'same') return void pieces.push(change);
    const lines = linesOf(change.text);
    const previous = changes[i - 1];
    // A stretch that starts or ends mid-line (a change inside a line) keeps that part too.
    const head = previous ? context + (previous.text.endsWith('\n') ? 0 : 1) : 0;
    const tail = i < changes.length - 1 ? context + (change.text.endsWith('\n') ? 0 : 1) : 0;
    if (lines.length - head - tail < 2) return void pieces.push(change);
    const hidden = lines.slice(head, lines.length - tail);
    if (head) pieces.push({ kind: 'same', text: lines.slice(0, head).join('') });
    pieces.push({ kind: 'fold', text: hidden.join(''), lines: hidden.length });
    if (tail) pieces.push({ kind: 'same', text: lines.slice(-tail).join('') });
  });
  return pieces;
}

export interface Summary {
  added: number;
  removed: number;
}

function countUnits(text: string, by: Granularity): number {
  if (by === 'words') return text.match(/\S+/g)?.length ?? 0;
  return linesOf(text).filter((line) => line !== '').length;
}

/** How many words (or lines) were added and removed. */
export function summarize(changes: Change[], by: Granularity): Summary {
  const summary = { added: 0, removed: 0 };
  for (const c of changes) if (c.kind !== 'same') summary[c.kind] += countUnits(c.text, by);
  return summary;
}

/** "3 words added, 1 removed" — or that only spacing changed, or nothing did. */
export function describeSummary({ added, removed }: Summary, by: Granularity, changed: boolean) {
  const unit = by === 'words' ? 'word' : 'line';
  const count = (n: number) => `${n} ${n === 1 ? unit : `${unit}s`}`;
  if (!changed) return 'The text is the same.';
  if (added === 0 && removed === 0) return 'Only spacing or line breaks changed.';
  if (removed === 0) return `${count(added)} added.`;
  if (added === 0) return `${count(removed)} removed.`;
  return `${count(added)} added, ${removed} removed.`;
}

export interface TagChanges {
  added: string[];
  removed: string[];
}

export function tagChanges(before: string[], after: string[]): TagChanges {
  return {
    added: after.filter((t) => !before.includes(t)),
    removed: before.filter((t) => !after.includes(t)),
  };
}
