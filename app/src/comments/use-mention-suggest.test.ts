import { describe, expect, it } from 'vitest';
import { matchPeople } from './use-mention-suggest.ts';

const people = [
  { id: '1', name: 'Zoë Ardent' },
  { id: '2', name: 'olga-mwz35' },
  { id: '3', name: 'Oliver Twist' },
  { id: '4', name: 'Ana' },
];

describe('people "@" suggests', () => {
  it('offers those with a word starting with what was typed, accents and case ignored', () => {
    expect(matchPeople(people, 'ol').map((p) => p.id)).toEqual(['2', '3']);
    expect(matchPeople(people, 'zoe').map((p) => p.id)).toEqual(['1']);
    expect(matchPeople(people, 'ARD').map((p) => p.id)).toEqual(['1']);
    expect(matchPeople(people, 'mwz').map((p) => p.id)).toEqual(['2']);
    expect(matchPeople(people, 'x')).toEqual([]);
  });

  it('offers everyone (at most six) after a bare "@"', () => {
    const many = Array.from({ length: 9 }, (_, i) => ({ id: String(i), name: `P${i}` }));
    expect(matchPeople(many, '')).toHaveLength(6);
  });
});
