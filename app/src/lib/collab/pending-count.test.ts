import { describe, expect, it } from 'vitest';
import { pendingSentence } from './pending-count.ts';

describe('the offline banner’s count of unsaved notes', () => {
  it('says nothing when every note is saved, and counts notes in words', () => {
    expect(pendingSentence(0)).toBe('');
    expect(pendingSentence(1)).toBe(
      '1 note has changes not yet saved; they are kept on this device.',
    );
    expect(pendingSentence(2)).toBe(
      '2 notes have changes not yet saved; they are kept on this device.',
    );
  });
});
