import { describe, expect, it } from 'vitest';
import { checkClaims, claimProblems } from './claims.ts';

const VALID = {
  aud: 'authenticated',
  exp: 2000000000,
  iat: 1900000000,
  sub: 'a7b0c7b5-0000-4000-8000-000000000000',
  email: 'a@example.com',
  phone: '',
  role: 'authenticated',
  aal: 'aal1',
  session_id: 's',
  is_anonymous: false,
  amr: [{ method: 'password', timestamp: 1 }],
};

describe('custom access token claims', () => {
  it('accepts the claims Auth would sign, and extra ones', () => {
    expect(claimProblems({ ...VALID, plan: 'pro', aud: ['a', 'b'] })).toEqual([]);
    expect(checkClaims(VALID)).toBe(VALID);
  });

  it('names each missing required claim', () => {
    const { email: _e, is_anonymous: _a, ...rest } = VALID;
    expect(claimProblems(rest)).toEqual([
      '(root): email is required',
      '(root): is_anonymous is required',
    ]);
  });

  it('names each claim of the wrong type', () => {
    expect(claimProblems({ ...VALID, exp: 1.5, role: 7, amr: [1] })).toEqual([
      'exp: Invalid type. Expected: integer, given: number',
      'role: Invalid type. Expected: string, given: integer',
      'amr.0: Must validate at least one schema (anyOf)',
    ]);
    expect(claimProblems([])).toEqual(['(root): Invalid type. Expected: object, given: array']);
    expect(claimProblems(null)).toEqual(['(root): Invalid type. Expected: object, given: null']);
  });

  it('answers a 500 listing the problems', () => {
    const { aal: _aal, ...noAal } = VALID;
    expect(() => checkClaims(noAal)).toThrow(
      'output claims do not conform to the expected schema: \n- (root): aal is required\n',
    );
  });
});
