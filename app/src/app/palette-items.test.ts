import { describe, expect, it } from 'vitest';
import { filterByName, nameMatches } from './palette-items.ts';

describe('palette name matching', () => {
  it('matches every typed word as the start of a word, ignoring accents', () => {
    expect(nameMatches('Café recipes', ['cafe'])).toBe(true);
    expect(nameMatches('Café recipes', ['rec', 'caf'])).toBe(true);
    expect(nameMatches('Café recipes', ['ipes'])).toBe(false);
  });

  it('keeps everything for an empty query', () => {
    const items = [{ id: '1', group: 'g', label: 'Trash' }];
    expect(filterByName(items, '  ')).toEqual(items);
    expect(filterByName(items, 'tr')).toEqual(items);
    expect(filterByName(items, 'x')).toEqual([]);
  });
});
