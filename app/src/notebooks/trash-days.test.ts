import { describe, expect, it } from 'vitest';
import { daysLeft, purgeDate } from './trash-days.ts';

describe('notebook trash days', () => {
  it('a notebook trashed now goes for good in 30 days', () => {
    const now = Date.parse('2026-11-01T10:00:00Z');
    expect(daysLeft('2026-11-01T10:00:00Z', now)).toBe(30);
    expect(purgeDate('2026-11-01T10:00:00Z').toISOString()).toBe('2026-12-01T10:00:00.000Z');
  });

  it('counts a part day as a day and never goes below zero', () => {
    const now = Date.parse('2026-11-30T11:00:00Z');
    expect(daysLeft('2026-11-01T10:00:00Z', now)).toBe(1);
    expect(daysLeft('2026-10-01T10:00:00Z', now)).toBe(0);
  });
});
