import { describe, expect, it } from 'vitest';
import { mapPosition, textChange } from './text-diff.ts';

function apply(text: string, change: ReturnType<typeof textChange>): string {
  return change ? text.slice(0, change.from) + change.insert + text.slice(change.to) : text;
}

describe('textChange', () => {
  it('is null when nothing changed', () => {
    expect(textChange('same', 'same')).toBeNull();
  });

  it('covers only the part that differs', () => {
    expect(textChange('- [ ] eggs\n- [ ] milk', '- [x] eggs\n- [ ] milk')).toEqual({
      from: 3,
      to: 4,
      insert: 'x',
    });
  });

  it('handles insertions, deletions and repeated characters', () => {
    for (const [a, b] of [
      ['aaa', 'aaaa'],
      ['abcabc', 'abc'],
      ['', 'new'],
      ['old', ''],
      ['hello world', 'hello brave new world'],
    ] as const)
      expect(apply(a, textChange(a, b))).toBe(b);
  });
});

describe('mapPosition', () => {
  const at = (before: string, after: string, pos: number) =>
    mapPosition(textChange(before, after), pos);

  it('keeps a caret at the end of the text at the end of the newer one', () => {
    // The row said "Rain at noon."; the device's copy had more after it.
    expect(at('Rain at noon.', 'Rain at noon. Sun by three.', 13)).toBe(27);
  });

  it('keeps a caret before the text that followed it', () => {
    expect(at('Two herons.', 'Two grey herons.', 4)).toBe(9);
    expect(at('Two herons.', 'Two grey herons.', 3)).toBe(3);
    expect(at('Hello', 'Title\nHello', 0)).toBe(6);
  });

  it('moves a caret after a change before it, and leaves one before a change alone', () => {
    expect(at('abc def', 'abc XYZ def', 7)).toBe(11);
    expect(at('abc def', 'a def', 6)).toBe(4);
    expect(at('abc def', 'abc d', 2)).toBe(2);
  });

  it('puts a caret inside a replaced part at the end of what replaced it', () => {
    expect(at('one two three', 'one 2 three', 5)).toBe(5);
    expect(at('one two six', 'one six', 5)).toBe(4);
  });

  it('is the same position when nothing changed, and always within the new text', () => {
    expect(at('same', 'same', 2)).toBe(2);
    for (const [a, b] of [
      ['aaa', 'a'],
      ['abcabc', ''],
      ['', 'new'],
      ['hello world', 'hello'],
    ] as const)
      for (let pos = 0; pos <= a.length; pos++) {
        const mapped = at(a, b, pos);
        expect(mapped).toBeGreaterThanOrEqual(0);
        expect(mapped).toBeLessThanOrEqual(b.length);
      }
  });
});
