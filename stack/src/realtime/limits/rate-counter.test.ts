import { describe, expect, it } from 'vitest';
import { RateCounter } from './rate-counter.ts';

describe('RateCounter', () => {
  it('averages per second over the kept ticks and triggers above the limit', () => {
    const counter = new RateCounter(10, 5000, 12);
    counter.add(50);
    counter.tick();
    expect(counter.avg).toBe(10);
    expect(counter.triggered).toBe(false);
    counter.add(70);
    counter.tick();
    expect(counter.avg).toBe(12);
    expect(counter.triggered).toBe(true);
  });

  it('lifts a limit once the burst leaves the window', () => {
    const counter = new RateCounter(1, 1000, 3);
    counter.add(10);
    counter.tick();
    expect(counter.triggered).toBe(true);
    for (let i = 0; i < 3; i++) counter.tick();
    expect(counter.avg).toBe(0);
    expect(counter.triggered).toBe(false);
  });
});
