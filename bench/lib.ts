// Measuring helpers for the benchmarks: latency percentiles and throughput under a fixed
// concurrency, and ratio formatting. Every figure is reported next to a baseline measured in
// the same run, because this machine is shared and noisy.
import { performance } from 'node:perf_hooks';

export interface Stats {
  count: number;
  seconds: number;
  perSecond: number;
  p50: number;
  p95: number;
  p99: number;
  mean: number;
}

export interface MeasureOptions {
  /** Calls to make (after warm-up). */
  iterations: number;
  /** Calls in flight at once. */
  concurrency?: number;
  warmup?: number;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)]!;
}

/** Runs fn `iterations` times with `concurrency` workers and returns latency (ms) and rate. */
export async function measure(
  fn: (i: number) => Promise<unknown>,
  options: MeasureOptions,
): Promise<Stats> {
  const { iterations, concurrency = 1, warmup = Math.min(20, iterations) } = options;
  for (let i = 0; i < warmup; i++) await fn(-1 - i);
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < iterations) {
        const i = next++;
        const t0 = performance.now();
        await fn(i);
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    count: latencies.length,
    seconds,
    perSecond: latencies.length / seconds,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    mean: latencies.reduce((a, b) => a + b, 0) / Math.max(1, latencies.length),
  };
}

/** Times one async call in milliseconds. */
export async function time(fn: () => Promise<unknown>): Promise<number> {
  const t0 = performance.now();
  await fn();
  return performance.now() - t0;
}

/** The middle value (the upper one of an even count). */
export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

export const ms = (value: number) => `${value.toFixed(value < 10 ? 2 : 1)} ms`;
export const rate = (value: number) => `${value.toFixed(value < 100 ? 1 : 0)}/s`;
export const ratio = (value: number, baseline: number) => `${(value / baseline).toFixed(2)}×`;

/** A markdown table. */
export function table(headers: string[], rows: (string | number)[][]): string {
  const line = (cells: (string | number)[]) => `| ${cells.join(' | ')} |`;
  return [line(headers), line(headers.map(() => '---')), ...rows.map(line)].join('\n');
}

export interface BenchSection {
  title: string;
  /** Markdown body: what was measured, the table, and the ratio that matters. */
  body: string;
}
