import { EventEmitter } from 'node:events';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { collectWhenIdle } from './idle-collect.ts';

describe('collectWhenIdle', () => {
  afterEach(() => vi.useRealTimers());

  function setUp() {
    vi.useFakeTimers();
    const server = new EventEmitter();
    const collect = vi.fn();
    const stop = collectWhenIdle(server, { quietMs: 3000, now: () => Date.now(), collect });
    return { server, collect, stop };
  }

  it('collects once after start-up once the server has been quiet', () => {
    const { collect, stop } = setUp();
    vi.advanceTimersByTime(2000);
    expect(collect).not.toHaveBeenCalled();
    vi.advanceTimersByTime(2000);
    expect(collect).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(60_000);
    expect(collect).toHaveBeenCalledTimes(1);
    stop();
  });

  it('waits for a spell of requests to end, then collects once', () => {
    const { server, collect, stop } = setUp();
    vi.advanceTimersByTime(4000);
    collect.mockClear();
    for (let i = 0; i < 10; i++) {
      server.emit('request');
      vi.advanceTimersByTime(1000);
    }
    expect(collect).not.toHaveBeenCalled();
    server.emit('upgrade');
    vi.advanceTimersByTime(4000);
    expect(collect).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(60_000);
    expect(collect).toHaveBeenCalledTimes(1);
    stop();
  });

  it('stops listening and collecting once stopped', () => {
    const { server, collect, stop } = setUp();
    stop();
    server.emit('request');
    vi.advanceTimersByTime(60_000);
    expect(collect).not.toHaveBeenCalled();
    expect(server.listenerCount('request')).toBe(0);
  });
});
