import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DRIVERS } from '../support/stack.ts';
import { callFunction, service, startFunctionsStack } from './helpers.ts';

/** Pids of processes whose command line mentions `needle` (Linux /proc). */
function processesWith(needle: string): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes(needle)) pids.push(Number(entry));
    } catch {
      // the process ended while we looked
    }
  }
  return pids;
}

describe.each(DRIVERS)('edge function workers on %s', (driver) => {
  it('start on first call, stay warm, and are stopped with the stack', async () => {
    const stack = await startFunctionsStack(driver);
    try {
      expect(processesWith(stack.workdir)).toEqual([]);
      await service(stack).functions.invoke('echo');
      await callFunction(stack, 'open');
      const workers = processesWith(stack.workdir);
      expect(workers).toHaveLength(2);
      // Warm: more calls reuse the same processes.
      await service(stack).functions.invoke('echo');
      expect(processesWith(stack.workdir).sort()).toEqual(workers.sort());
    } finally {
      await stack.close();
    }
    expect(processesWith(stack.workdir)).toEqual([]);
  });

  it('serves concurrent calls, including during the first boot', async () => {
    const stack = await startFunctionsStack(driver);
    try {
      const results = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          service(stack).functions.invoke<{ body: string }>('echo', { body: `call ${i}` }),
        ),
      );
      expect(results.map((r) => r.data?.body)).toEqual(
        Array.from({ length: 12 }, (_, i) => `call ${i}`),
      );
      expect(processesWith(stack.workdir)).toHaveLength(1);
    } finally {
      await stack.close();
    }
  });
});
