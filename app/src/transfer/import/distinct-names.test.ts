import { describe, expect, it } from 'vitest';
import { distinctName, distinctNames } from './distinct-names.ts';

describe('distinctName', () => {
  it('keeps a name nobody has', () => {
    expect(distinctName('Travel', ['Recipes'])).toBe('Travel');
  });

  it('numbers a name that is taken, from 2, skipping numbers taken too', () => {
    expect(distinctName('Travel', ['Travel'])).toBe('Travel (2)');
    expect(distinctName('Travel', ['Travel', 'Travel (2)', 'travel (3)'])).toBe('Travel (4)');
  });

  it('compares as a person reads: case and surrounding spaces do not make a name different', () => {
    expect(distinctName('travel', [' Travel '])).toBe('travel (2)');
  });

  it('stays within the limit, shortening the name rather than the number', () => {
    const long = 'é'.repeat(100);
    const name = distinctName(long, [long]);
    expect([...name]).toHaveLength(100);
    expect(name.endsWith('é (2)')).toBe(true);
  });
});

describe('distinctNames', () => {
  it('keeps the new notebooks apart from each other as well', () => {
    expect(distinctNames(['Travel', 'Travel'], ['Travel'])).toEqual(['Travel (2)', 'Travel (3)']);
  });
});
