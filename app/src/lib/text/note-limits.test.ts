import { describe, expect, it } from 'vitest';
import { bodyBytes, isTooLarge } from './body-size.ts';

describe('body size', () => {
  it('counts UTF-8 bytes, not characters', () => {
    expect(bodyBytes('é😀')).toBe(6);
  });

  it('finds a body over the limit, including multi-byte text near it', () => {
    expect(isTooLarge('a'.repeat(10), 10)).toBe(false);
    expect(isTooLarge('a'.repeat(11), 10)).toBe(true);
    expect(isTooLarge('é'.repeat(6), 10)).toBe(true);
    expect(isTooLarge('é'.repeat(5), 10)).toBe(false);
  });
});
