// A rate with bursts: `capacity` tokens, refilled at `rate` per second; each message (or byte)
// takes its tokens or is refused. Exact at every message — nothing waits for a tick — and O(1).

export class TokenBucket {
  private tokens: number;
  private at: number;

  constructor(
    readonly rate: number,
    readonly capacity = rate,
    now = performance.now(),
  ) {
    this.tokens = capacity;
    this.at = now;
  }

  /** Takes `n` tokens if there are that many; false (and nothing taken) otherwise. */
  take(n = 1, now = performance.now()): boolean {
    this.refill(now);
    if (this.tokens < n) return false;
    this.tokens -= n;
    return true;
  }

  /** Whether the bucket is back to full (nothing taken lately). */
  full(now = performance.now()): boolean {
    this.refill(now);
    return this.tokens >= this.capacity;
  }

  private refill(now: number): void {
    if (now <= this.at) return;
    this.tokens = Math.min(this.capacity, this.tokens + ((now - this.at) / 1000) * this.rate);
    this.at = now;
  }
}
