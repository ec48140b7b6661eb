import { describe, expect, it } from 'vitest';
import { parsePrefer } from './prefer.ts';

describe('the Prefer header', () => {
  it('reads PostgREST’s preferences, the first of each kind winning', () => {
    expect(
      parsePrefer(['return=representation, count=exact, count=planned, max-affected=5']),
    ).toMatchObject({
      return: 'representation',
      count: 'exact',
      maxAffected: 5,
    });
  });

  it('ignores unknown ones, params=single-object included, unless handling=strict', () => {
    expect(parsePrefer(['params=single-object, nope'])).toEqual({});
    expect(() => parsePrefer(['handling=strict, params=single-object'])).toThrow(
      expect.objectContaining({
        code: 'PGRST122',
        details: 'Invalid preferences: params=single-object',
      }),
    );
  });
});
