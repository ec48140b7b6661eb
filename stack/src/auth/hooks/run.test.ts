import { describe, expect, it } from 'vitest';
import type { AuthError } from '../errors.ts';
import { UncodedAuthError } from '../errors.ts';
import { field, readOutput } from './run.ts';

const failure = (text: string | null | undefined) => {
  try {
    readOutput(text);
  } catch (error) {
    return error as AuthError;
  }
  throw new Error('no error');
};

describe('a hook answer', () => {
  it('is its JSON object, or undefined when there is nothing', () => {
    expect(readOutput('{"decision":"continue"}')).toEqual({ decision: 'continue' });
    expect(readOutput(undefined)).toBeUndefined();
    expect(readOutput(null)).toBeUndefined();
    expect(readOutput('null')).toBeUndefined();
  });

  it('with an error message is that error, 500 without a status of its own', () => {
    const own = failure('{"error":{"http_code":429,"message":"Slow down"}}');
    expect(own).toBeInstanceOf(UncodedAuthError);
    expect(own.toJSON()).toEqual({ code: 429, error_code: 'unknown', msg: 'Slow down' });
    expect(failure('{"error":{"message":"Broken"}}').toJSON()).toEqual({
      code: 500,
      error_code: 'unexpected_failure',
      msg: 'Broken',
    });
  });

  it('with an error but no message is not an error (as in Supabase Auth)', () => {
    expect(readOutput('{"error":{"http_code":400}}')).toEqual({ error: { http_code: 400 } });
  });

  it('that is not a JSON object is a 500', () => {
    for (const text of ['<html>', '', '[1]', '"text"', '42'])
      expect(failure(text).toJSON()).toEqual({
        code: 500,
        error_code: 'unexpected_failure',
        msg: 'Error unmarshaling JSON output.',
      });
  });

  it('with a field of the wrong type is a 500', () => {
    expect(field({ decision: 'reject' }, 'decision', 'string')).toBe('reject');
    expect(field({}, 'should_logout_user', 'boolean')).toBeUndefined();
    expect(field(undefined, 'decision', 'string')).toBeUndefined();
    expect(() => field({ decision: 1 }, 'decision', 'string')).toThrow(
      'Error unmarshaling JSON output.',
    );
  });
});
