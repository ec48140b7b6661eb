import { describe, expect, it } from 'vitest';
import { NAME_MIN_SCORE, closest, fuzzyMatches } from './suggest.ts';

// Expectations from PostgREST's own tests of its hints (the fuzzyset library's ranking).
describe('suggestions', () => {
  it('rank by trigrams, then by Levenshtein distance', () => {
    expect(closest('projectx', ['projects', 'clients'], NAME_MIN_SCORE)).toBe('projects');
    expect(closest('projecxx', ['projects', 'clients'], NAME_MIN_SCORE)).toBe('projects');
    expect(closest('projxxxx', ['projects', 'clients'], NAME_MIN_SCORE)).toBeUndefined();
    expect(closest('testt', ['test', 'another'])).toBe('test');
  });

  it('compare parameter lists as text', () => {
    expect(closest('(nam, pqaram, vall)', ['(name, param, val)', '(attr, id)'])).toBe(
      '(name, param, val)',
    );
    expect(closest('(attrs, id)', ['(name, param, val)', '(attr, id)'])).toBe('(attr, id)');
    expect(closest('(noclosealternative)', ['(name, param, val)', '(attr, id)'])).toBeUndefined();
  });

  it('match exactly whatever the case, with a score of 1', () => {
    expect(fuzzyMatches('Clients', ['projects', 'clients'])).toEqual([
      { score: 1, name: 'clients' },
    ]);
  });
});
