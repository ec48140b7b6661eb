import { EventEmitter } from 'node:events';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { collectWhenIdle } from './idle-collect.ts';

describe('collectWhenIdle', () => {
  afterEach(() => vi.useRealTimers());

  function setUp() {
    vi.useFakeTimers();
    const server = new EventEmitter();
    const collect = vi.fn();
    const stop = collectWhenIdle(server, {
      startupQuietMs: 3000,
      quietMs: 30_000,
      now: () => Date.now(),
      collect,
    });
    return { server, collect, stop };
  }

  /** One request a second for `seconds`. */
  function burst(server: EventEmitter, seconds: number) {
    for (let i = 0; i < seconds; i++) {
      server.emit('request');
      vi.advanceTimersByTime(1000);
    }
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

  it('waits for a spell of requests to end and a long quiet to pass, then collects once', () => {
    const { server, collect, stop } = setUp();
    vi.advanceTimersByTime(4000);
    collect.mockClear();
    burst(server, 10);
    expect(collect).not.toHaveBeenCalled();
    server.emit('upgrade');
    vi.advanceTimersByTime(29_000);
    expect(collect).not.toHaveBeenCalled();
    vi.advanceTimersByTime(2000);
    expect(collect).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(60_000);
    expect(collect).toHaveBeenCalledTimes(1);
    stop();
  });

  it('does not collect in the pauses between bursts of requests', () => {
    const { server, collect, stop } = setUp();
    for (let i = 0; i < 10; i++) {
      burst(server, 3);
      vi.advanceTimersByTime(6000);
    }
    expect(collect).not.toHaveBeenCalled();
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
