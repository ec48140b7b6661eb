import { describe, expect, it } from 'vitest';
import { fold, highlightParts, queryTerms } from './fold.ts';

describe('fold', () => {
  it('removes accents and case', () => {
    expect(fold('Café Ærø Ñandú Straße')).toBe('cafe aero nandu strasse');
  });
});

describe('queryTerms', () => {
  it('splits a typed query into folded words without repeats', () => {
    expect(queryTerms('  Zebr, café & zebr! ')).toEqual(['zebr', 'cafe']);
    expect(queryTerms('***')).toEqual([]);
  });
});

describe('highlightParts', () => {
  it('marks words that start with a term, accent-insensitively', () => {
    expect(highlightParts('The Café near the zebra crossing', ['cafe', 'zebr'])).toEqual([
      { text: 'The ', match: false },
      { text: 'Café', match: true },
      { text: ' near the ', match: false },
      { text: 'zebra', match: true },
      { text: ' crossing', match: false },
    ]);
  });

  it('marks the word a typed English form comes from, as the search found it', () => {
    expect(highlightParts('a grey heron', ['herons'])).toEqual([
      { text: 'a grey ', match: false },
      { text: 'heron', match: true },
    ]);
  });

  it('does not mark a term in the middle of a word', () => {
    expect(highlightParts('bazebra', ['zebr'])).toEqual([{ text: 'bazebra', match: false }]);
  });

  it('marks a term inside a word and a word with a typo only for a forgiving search', () => {
    expect(highlightParts('Zebra launch day', ['ebra', 'lanuch'], { forgiving: true })).toEqual([
      { text: 'Zebra', match: true },
      { text: ' ', match: false },
      { text: 'launch', match: true },
      { text: ' day', match: false },
    ]);
    expect(highlightParts('Zebra launch day', ['ebra', 'lanuch'])).toEqual([
      { text: 'Zebra launch day', match: false },
    ]);
  });

  it('keeps text whole when there is nothing to mark', () => {
    expect(highlightParts('plain', [])).toEqual([{ text: 'plain', match: false }]);
    expect(highlightParts('', ['a'])).toEqual([]);
  });
});
