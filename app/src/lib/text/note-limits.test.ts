import { describe, expect, it } from 'vitest';
import { bodyBytes, isTooLarge, megabytes, titleFits } from './note-limits.ts';

describe('note limits', () => {
  it('counts UTF-8 bytes, not characters', () => {
    expect(bodyBytes('é😀')).toBe(6);
  });

  it('finds a body over the limit, including multi-byte text near it', () => {
    expect(isTooLarge('a'.repeat(10), 10)).toBe(false);
    expect(isTooLarge('a'.repeat(11), 10)).toBe(true);
    expect(isTooLarge('é'.repeat(6), 10)).toBe(true);
    expect(isTooLarge('é'.repeat(5), 10)).toBe(false);
  });

  it('counts a title in characters as Postgres does, an emoji as one', () => {
    expect(titleFits('😀'.repeat(3), 3)).toBe(true);
    expect(titleFits('😀'.repeat(4), 3)).toBe(false);
    expect(titleFits('abc', 3)).toBe(true);
    expect(titleFits('abcd', 3)).toBe(false);
  });

  it('says sizes in megabytes with one decimal', () => {
    expect(megabytes(1_048_576)).toBe('1.0 MB');
    expect(megabytes(1_206_000)).toBe('1.2 MB');
    expect(megabytes(524_288)).toBe('0.5 MB');
  });

  it('never says a size over the limit is the limit', () => {
    expect(megabytes(1_084_006)).toBe('1.03 MB');
    expect(megabytes(1_010_000)).toBe('0.96 MB');
  });
});
