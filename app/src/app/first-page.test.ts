import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { afterFirstPage } from './first-page.ts';

type State = { initialized: boolean; navigation: { state: string } };

/** A router whose state the test moves on, and a document whose load event it fires. */
function world(initial: State, readyState: DocumentReadyState) {
  const listeners = new Set<(s: State) => void>();
  const router = {
    state: initial,
    subscribe(fn: (s: State) => void) {
      listeners.add(fn);
      return () => void listeners.delete(fn);
    },
    move(next: State) {
      router.state = next;
      for (const fn of [...listeners]) fn(next);
    },
    listeners,
  };
  const onLoad = new Set<() => void>();
  vi.stubGlobal('document', { readyState });
  vi.stubGlobal('window', {
    addEventListener: (_: string, fn: () => void) => onLoad.add(fn),
    removeEventListener: (_: string, fn: () => void) => onLoad.delete(fn),
  });
  vi.stubGlobal('requestIdleCallback', (fn: () => void) => setTimeout(fn, 0));
  const load = () => onLoad.forEach((fn) => fn());
  return { router: router as never as Parameters<typeof afterFirstPage>[0] & typeof router, load };
}

const loading: State = { initialized: false, navigation: { state: 'idle' } };
const loaded: State = { initialized: true, navigation: { state: 'idle' } };
const moving: State = { initialized: true, navigation: { state: 'loading' } };

describe('afterFirstPage', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('waits for the first page, then the load event, then an idle moment', async () => {
    const { router, load } = world(loading, 'interactive');
    const fn = vi.fn();
    afterFirstPage(router, fn);
    await vi.runAllTimersAsync();
    router.move(moving);
    await vi.runAllTimersAsync();
    expect(fn).not.toHaveBeenCalled();
    router.move(loaded);
    expect(router.listeners.size).toBe(0);
    await vi.runAllTimersAsync();
    expect(fn).not.toHaveBeenCalled();
    load();
    await vi.runAllTimersAsync();
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it('runs at the next idle moment when both are done already', async () => {
    const { router } = world(loaded, 'complete');
    const fn = vi.fn();
    afterFirstPage(router, fn);
    expect(fn).not.toHaveBeenCalled();
    await vi.runAllTimersAsync();
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it('runs nothing once cancelled', async () => {
    const { router } = world(loaded, 'complete');
    const fn = vi.fn();
    afterFirstPage(router, fn)();
    await vi.runAllTimersAsync();
    expect(fn).not.toHaveBeenCalled();
  });
});
