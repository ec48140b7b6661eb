import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { timedNotices } from './timed-notices.ts';

describe('timed notices', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('shows each notice until it is dismissed or its time is up', () => {
    const notices = timedNotices<{ id: string; text: string }>(1000);
    notices.announce({ id: 'a', text: 'first' });
    vi.advanceTimersByTime(600);
    notices.announce({ id: 'b', text: 'second' });
    expect(notices.current().map((n) => n.id)).toEqual(['a', 'b']);
    vi.advanceTimersByTime(400);
    expect(notices.current().map((n) => n.id)).toEqual(['b']);
    notices.dismiss('b');
    expect(notices.current()).toEqual([]);
    // A dismissed notice's timer is gone too: nothing happens when it would have fired.
    vi.advanceTimersByTime(1000);
    expect(notices.current()).toEqual([]);
  });

  it('replaces a notice announced again with the same id, with a fresh time', () => {
    const notices = timedNotices<{ id: string; text: string }>(1000);
    notices.announce({ id: 'a', text: 'old' });
    vi.advanceTimersByTime(800);
    notices.announce({ id: 'a', text: 'new' });
    vi.advanceTimersByTime(800);
    expect(notices.current()).toEqual([{ id: 'a', text: 'new' }]);
    vi.advanceTimersByTime(200);
    expect(notices.current()).toEqual([]);
  });
});
