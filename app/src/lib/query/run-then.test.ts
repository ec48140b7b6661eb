import { describe, expect, it, vi } from 'vitest';
import { runThen } from './run-then.ts';

describe('runThen', () => {
  it('runs what comes after once the mutation succeeded, and gives its result', async () => {
    const then = vi.fn();
    const result = await runThen({ mutateAsync: async (n: number) => n * 2 }, 21, then);
    expect(result).toBe(42);
    expect(then).toHaveBeenCalledWith(42);
  });

  it('swallows a failure (the mutation shows it) and does not go on', async () => {
    const then = vi.fn();
    const failing = { mutateAsync: async () => Promise.reject(new Error('refused')) };
    await expect(runThen(failing, undefined, then)).resolves.toBeNull();
    expect(then).not.toHaveBeenCalled();
  });
});
