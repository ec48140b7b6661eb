import { describe, expect, it } from 'vitest';
import { failure } from './supabase-store.ts';

const answer = (status: number, code?: string) => ({
  data: null,
  error: { code, message: 'x' },
  status,
});

describe('what a failed answer of the document functions means', () => {
  it('refuses a signed-in person who may not write, or read', () => {
    expect(failure(answer(403, '42501')).reason).toBe('forbidden');
    expect(failure(answer(400, 'P0002')).reason).toBe('gone');
    expect(failure(answer(400, '23514')).reason).toBe('too_large');
  });

  it('tries again when the request went without a valid session (401), whatever its code', () => {
    // PostgREST answers an anonymous caller's 42501 with 401: a token still being refreshed
    // after an offline start is not a refusal of this person.
    expect(failure(answer(401, '42501')).reason).toBe('offline');
    expect(failure(answer(401, 'PGRST303')).reason).toBe('offline');
  });

  it('tries again on no answer, a timeout or a server error', () => {
    expect(failure(answer(0)).reason).toBe('offline');
    expect(failure(answer(408)).reason).toBe('offline');
    expect(failure(answer(503)).reason).toBe('offline');
    expect(failure(answer(400, '22P02')).reason).toBe('invalid');
  });
});
