import { describe, expect, it } from 'vitest';
import { titleMatches } from './title-match.ts';

describe('titleMatches', () => {
  it('matches word prefixes of the title, accents and case folded', () => {
    expect(titleMatches('Café de Flore', 'cafe')).toBe(true);
    expect(titleMatches('Café de Flore', 'FLO caf')).toBe(true);
    expect(titleMatches('Straße', 'strasse')).toBe(true);
    expect(titleMatches('Japan trip', 'trip jap')).toBe(true);
  });

  it('needs every word, each at the start of a word', () => {
    expect(titleMatches('Japan trip', 'japan rome')).toBe(false);
    expect(titleMatches('Japan trip', 'rip')).toBe(false);
    expect(titleMatches('', 'x')).toBe(false);
  });

  it('finds the singular for a plural typed, and everything for nothing typed', () => {
    expect(titleMatches('Heron watching', 'herons')).toBe(true);
    expect(titleMatches('Anything', '  ')).toBe(true);
  });
});
