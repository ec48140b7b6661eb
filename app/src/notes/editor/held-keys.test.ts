import { describe, expect, it } from 'vitest';
import { hasHeldKeys, holdKey, noHeldKeys } from './held-keys.ts';

describe('holdKey', () => {
  it('holds what types, in order, and Backspaces past it as deletes', () => {
    const keys = noHeldKeys();
    for (const key of ['Backspace', 'a', 'b', 'Backspace', 'c', 'Enter'])
      expect(holdKey(keys, key, { enter: true })).toBe(true);
    expect(keys).toEqual({ deletes: 1, text: 'ac\n' });
  });

  it('leaves other keys, and Enter where it is not text', () => {
    const keys = noHeldKeys();
    expect(holdKey(keys, 'ArrowLeft', { enter: true })).toBe(false);
    expect(holdKey(keys, 'Enter', { enter: false })).toBe(false);
    expect(hasHeldKeys(keys)).toBe(false);
  });
});
