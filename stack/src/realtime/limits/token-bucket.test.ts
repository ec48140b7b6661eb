import { describe, expect, it } from 'vitest';
import { TokenBucket } from './token-bucket.ts';

describe('TokenBucket', () => {
  it('lets a burst of its capacity through, then refuses until time refills it', () => {
    const bucket = new TokenBucket(10, 10, 0);
    for (let i = 0; i < 10; i++) expect(bucket.take(1, 0)).toBe(true);
    expect(bucket.take(1, 0)).toBe(false);
    expect(bucket.take(1, 50)).toBe(false);
    expect(bucket.take(1, 100)).toBe(true);
    expect(bucket.take(1, 100)).toBe(false);
  });

  it('refills at its rate up to its capacity, never beyond', () => {
    const bucket = new TokenBucket(2, 5, 0);
    for (let i = 0; i < 5; i++) bucket.take(1, 0);
    expect(bucket.full(1000)).toBe(false);
    expect(bucket.full(60_000)).toBe(true);
    for (let i = 0; i < 5; i++) expect(bucket.take(1, 60_000)).toBe(true);
    expect(bucket.take(1, 60_000)).toBe(false);
  });

  it('takes several tokens at once or none', () => {
    const bucket = new TokenBucket(100, 100, 0);
    expect(bucket.take(80, 0)).toBe(true);
    expect(bucket.take(30, 0)).toBe(false);
    expect(bucket.take(20, 0)).toBe(true);
  });
});
