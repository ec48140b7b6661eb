// The pacing of a note's messages, and a note full of typists measured against hosted Realtime's
// Free plan: every message counted when sent and for each client it reaches.
import { describe, expect, it } from 'vitest';
import {
  MIN_BROADCAST_MS,
  TEXT_WRITE_BUDGET,
  broadcastInterval,
  textWriteInterval,
} from './pacing.ts';
import { typingLoad } from './testing/typing-load.ts';

/** Hosted Realtime's Free plan: messages a second per project (supabase.com/docs/guides/realtime/limits). */
const FREE_PLAN_MESSAGES = 100;

describe('the pacing of a note’s messages', () => {
  it('sends at once when alone or two, and waits longer the more people type', () => {
    expect(broadcastInterval(1, 1)).toBe(MIN_BROADCAST_MS);
    expect(broadcastInterval(2, 2)).toBe(100);
    expect(broadcastInterval(10, 10)).toBe(2500);
    expect(textWriteInterval(1, 1)).toBe(0);
    expect(textWriteInterval(10, 10)).toBe(4000);
  });

  it('keeps ten people typing at once inside half of the Free plan, losing nothing', async () => {
    const ten = await typingLoad(10);
    expect(ten.complete).toBe(true);
    expect(ten.messages).toBeLessThanOrEqual(FREE_PLAN_MESSAGES / 2);
    expect(ten.textWrites).toBeLessThanOrEqual(TEXT_WRITE_BUDGET);
    // Without pacing the same typing cost many times the plan's limit.
    const unpaced = await typingLoad(10, { pacing: 'off' });
    expect(unpaced.messages).toBeGreaterThan(FREE_PLAN_MESSAGES * 4);
  }, 120_000);
});
