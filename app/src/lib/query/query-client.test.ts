import { describe, expect, it } from 'vitest';
import { shouldRetry } from './query-client.ts';

describe('query retries', () => {
  it('keeps trying (paused) while the server cannot be reached, else tries once more', () => {
    expect(shouldRetry(0, true)).toBe(true);
    expect(shouldRetry(1, true)).toBe(false);
    expect(shouldRetry(1, false)).toBe(true);
    expect(shouldRetry(25, false)).toBe(true);
  });
});
