import { describe, expect, it } from 'vitest';
import { weakPasswordSentence } from './weak-password.ts';

describe('weakPasswordSentence', () => {
  it('explains each reason the server gave', () =>
    expect(weakPasswordSentence({ code: 'weak_password', reasons: ['length', 'characters'] })).toBe(
      'This password is too weak. It is too short. It needs letters and digits.',
    ));
  it('still says weak without reasons', () =>
    expect(weakPasswordSentence({ code: 'weak_password' })).toBe('This password is too weak.'));
  it('ignores other errors', () => {
    expect(weakPasswordSentence({ code: 'invalid_credentials' })).toBeNull();
    expect(weakPasswordSentence(null)).toBeNull();
  });
});
