import { describe, expect, it } from 'vitest';
import { countOf } from './count.ts';

describe('countOf', () => {
  it('says one thing in the singular and any other number in the plural', () => {
    expect(countOf(1, 'note')).toBe('1 note');
    expect(countOf(0, 'note')).toBe('0 notes');
    expect(countOf(12, 'file')).toBe('12 files');
    expect(countOf(2, 'person', 'people')).toBe('2 people');
  });
});
