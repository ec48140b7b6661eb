// Rates as Supabase Realtime measures them: a count per 5-second tick, kept for the last 12
// ticks, averaged per second; a limit is reached when that average exceeds it. A burst can
// therefore pass while a sustained flood cannot, and a limit reached lifts a minute later.

export class RateCounter {
  private current = 0;
  private buckets: number[] = [];
  private average = 0;

  constructor(
    readonly limit: number,
    private readonly tickMs = 5000,
    private readonly maxBuckets = 12,
  ) {}

  add(n = 1): void {
    this.current += n;
  }

  /** Closes the current tick (called every tickMs by the service's clock). */
  tick(): void {
    this.buckets.unshift(this.current);
    this.buckets.length = Math.min(this.buckets.length, this.maxBuckets);
    this.current = 0;
    const sum = this.buckets.reduce((a, b) => a + b, 0);
    this.average = sum / this.buckets.length / (this.tickMs / 1000);
  }

  /** Events per second over the kept ticks. */
  get avg(): number {
    return this.average;
  }

  get triggered(): boolean {
    return this.average > this.limit;
  }
}
