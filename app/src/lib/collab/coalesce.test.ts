import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { coalesce } from './use-live.ts';

describe('coalesce', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs the first call at once, without waiting', () => {
    const fn = vi.fn();
    coalesce(fn, 150)();
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it('runs a burst once at once and once after it, never more often than each window', () => {
    const fn = vi.fn();
    const call = coalesce(fn, 150);
    for (let i = 0; i < 50; i++) call();
    expect(fn).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(150);
    expect(fn).toHaveBeenCalledTimes(2);
    call();
    expect(fn).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(150);
    expect(fn).toHaveBeenCalledTimes(3);
    vi.advanceTimersByTime(150);
    expect(fn).toHaveBeenCalledTimes(3);
    call();
    expect(fn).toHaveBeenCalledTimes(4);
  });

  it('runs a lone call once', () => {
    const fn = vi.fn();
    coalesce(fn, 150)();
    vi.advanceTimersByTime(1000);
    expect(fn).toHaveBeenCalledTimes(1);
  });
});
