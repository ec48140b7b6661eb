import { describe, expect, it } from 'vitest';
import { textChange } from './text-diff.ts';

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
