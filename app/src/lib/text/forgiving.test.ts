import { describe, expect, it } from 'vitest';
import { editDistance, forgivingMatch, typosAllowed } from './forgiving.ts';

describe('editDistance', () => {
  it('counts a wrong, missing or extra letter and two swapped letters as one edit', () => {
    expect(editDistance('launch', 'launch')).toBe(0);
    expect(editDistance('launhc', 'launch')).toBe(1);
    expect(editDistance('lanch', 'launch')).toBe(1);
    expect(editDistance('launchh', 'launch')).toBe(1);
    expect(editDistance('lawnch', 'launch')).toBe(1);
    expect(editDistance('kubrenetse', 'kubernetes')).toBe(2);
    expect(editDistance('', 'abc')).toBe(3);
  });

  it('stops once the distance is over the limit', () => {
    expect(editDistance('abcdef', 'uvwxyz', 1)).toBe(2);
    expect(editDistance('a', 'abcdef', 2)).toBe(3);
  });
});

describe('forgivingMatch', () => {
  it('finds a typed word of three letters or more inside a word', () => {
    expect(forgivingMatch('zebra', 'ebra')).toBe(true);
    expect(forgivingMatch('relaunch', 'launch')).toBe(true);
    expect(forgivingMatch('zebra', 'eb')).toBe(false);
  });

  it('finds a word with a typo, whole or as the start of a longer word', () => {
    expect(forgivingMatch('launch', 'launhc')).toBe(true);
    expect(forgivingMatch('launchpad', 'launhc')).toBe(true);
    expect(forgivingMatch('kubernetes', 'kubrenetse')).toBe(true);
    expect(forgivingMatch('laundry', 'launhc')).toBe(false);
    expect(forgivingMatch('lunch', 'zeb')).toBe(false);
  });

  it('allows no typo under four letters, one up to seven, two from eight', () => {
    expect([typosAllowed('abc'), typosAllowed('abcd'), typosAllowed('abcdefgh')]).toEqual([
      0, 1, 2,
    ]);
  });
});
