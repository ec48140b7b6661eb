import { describe, expect, it } from 'vitest';
import {
  describeSummary,
  diffTexts,
  foldUnchanged,
  summarize,
  tagChanges,
  type Change,
} from './history-diff.ts';

/** The text before (same + removed) and after (same + added) a list of changes. */
function sides(changes: Change[]) {
  const before = changes
    .filter((c) => c.kind !== 'added')
    .map((c) => c.text)
    .join('');
  const after = changes
    .filter((c) => c.kind !== 'removed')
    .map((c) => c.text)
    .join('');
  return { before, after };
}

describe('diffTexts', () => {
  it('marks the words added and removed, keeping every character of both texts', () => {
    const before = 'Turn the compost weekly.\nWater daily.';
    const after = 'Turn the compost monthly.\nWater daily, not at noon.';
    const changes = diffTexts(before, after, 'words')!;
    expect(sides(changes)).toEqual({ before, after });
    expect(changes.filter((c) => c.kind === 'removed').map((c) => c.text)).toContain('weekly');
    expect(changes.filter((c) => c.kind === 'added').map((c) => c.text)).toContain('monthly');
  });

  it('shows a change of spacing or line breaks (nothing is ignored)', () => {
    const changes = diffTexts('one two', 'one\ntwo', 'words')!;
    expect(changes).toContainEqual({ kind: 'removed', text: ' ' });
    expect(changes).toContainEqual({ kind: 'added', text: '\n' });
  });

  it('compares whole lines when asked', () => {
    const before = 'a\nb\nc\n';
    const after = 'a\nB\nc\n';
    expect(diffTexts(before, after, 'lines')).toEqual([
      { kind: 'same', text: 'a\n' },
      { kind: 'removed', text: 'b\n' },
      { kind: 'added', text: 'B\n' },
      { kind: 'same', text: 'c\n' },
    ]);
  });

  it('does not count a line break after the last line as a change of that line', () => {
    const changes = diffTexts('Turn the heap.\n\nLater.', 'Turn the heap.', 'lines')!;
    expect(changes[0]).toMatchObject({ kind: 'same' });
    expect(changes[0]!.text.startsWith('Turn the heap.')).toBe(true);
    expect(changes.filter((c) => c.kind === 'added')).toEqual([]);
    expect(
      changes
        .filter((c) => c.kind === 'removed')
        .map((c) => c.text)
        .join(''),
    ).toContain('Later.');
  });

  it('has only unchanged text when nothing changed', () => {
    expect(diffTexts('same', 'same', 'words')).toEqual([{ kind: 'same', text: 'same' }]);
    expect(diffTexts('', '', 'lines')).toEqual([]);
  });
});

describe('foldUnchanged', () => {
  const lines = (from: number, to: number) =>
    Array.from({ length: to - from + 1 }, (_, i) => `line ${from + i}\n`).join('');

  it('keeps two lines of context around a change and folds the rest', () => {
    const before = lines(1, 20);
    const after = before.replace('line 10\n', 'line ten\n');
    const pieces = foldUnchanged(diffTexts(before, after, 'lines')!);
    expect(pieces.map((p) => p.kind)).toEqual(['fold', 'same', 'removed', 'added', 'same', 'fold']);
    expect(pieces[0]).toEqual({ kind: 'fold', text: lines(1, 7), lines: 7 });
    expect(pieces[1]).toEqual({ kind: 'same', text: lines(8, 9) });
    expect(pieces.at(-1)).toMatchObject({ kind: 'fold', lines: 8 });
    // Nothing is dropped: unfolded, the pieces are the diff again.
    const text = pieces
      .filter((p) => p.kind !== 'added')
      .map((p) => p.text)
      .join('');
    expect(text).toBe(before);
  });

  it('folds between two changes far apart, and not between two close together', () => {
    const before = lines(1, 30);
    const far = before.replace('line 2\n', 'line two\n').replace('line 28\n', 'line 28!\n');
    expect(
      foldUnchanged(diffTexts(before, far, 'lines')!).filter((p) => p.kind === 'fold'),
    ).toHaveLength(1);
    const close = before.replace('line 2\n', 'line two\n').replace('line 6\n', 'line six\n');
    const pieces = foldUnchanged(diffTexts(before, close, 'lines')!);
    expect(pieces.slice(0, 6).some((p) => p.kind === 'fold')).toBe(false);
  });

  it('counts context in lines when comparing by words, keeping the changed line whole', () => {
    const before = lines(1, 12);
    const after = before.replace('line 6\n', 'line six\n');
    const pieces = foldUnchanged(diffTexts(before, after, 'words')!);
    const shown = pieces.filter((p) => p.kind !== 'fold' && p.kind !== 'removed');
    expect(shown.map((p) => p.text).join('')).toBe('line 4\nline 5\nline six\nline 7\nline 8\n');
  });

  it('shows nothing when nothing changed', () => {
    expect(foldUnchanged([{ kind: 'same', text: lines(1, 50) }])).toEqual([]);
  });
});

describe('summaries', () => {
  it('counts the words or lines added and removed', () => {
    const changes = diffTexts('a b c\nd', 'a x y c\nd\ne', 'words')!;
    expect(summarize(changes, 'words')).toEqual({ added: 3, removed: 1 });
    expect(describeSummary({ added: 3, removed: 1 }, 'words', true)).toBe(
      '3 words added, 1 removed.',
    );
    const byLine = diffTexts('a\nb\n', 'a\n', 'lines')!;
    expect(describeSummary(summarize(byLine, 'lines'), 'lines', true)).toBe('1 line removed.');
  });

  it('says when only spacing changed, or nothing did', () => {
    const spacing = diffTexts('a b', 'a  b', 'words')!;
    expect(describeSummary(summarize(spacing, 'words'), 'words', true)).toBe(
      'Only spacing or line breaks changed.',
    );
    expect(describeSummary({ added: 0, removed: 0 }, 'words', false)).toBe('The text is the same.');
  });

  it('lists the tags added and removed', () => {
    expect(tagChanges(['garden', 'spring'], ['garden', 'summer'])).toEqual({
      added: ['summer'],
      removed: ['spring'],
    });
  });
});
