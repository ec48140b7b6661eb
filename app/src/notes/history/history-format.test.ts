import { describe, expect, it } from 'vitest';
import { peopleNames, sessionWhen } from './history-format.ts';

const at = { locale: 'en-GB', timeZone: 'UTC', now: new Date('2026-11-27T15:00:00Z') };

describe('sessionWhen', () => {
  it('names today and yesterday, with the time range to the minute', () => {
    expect(sessionWhen('2026-11-27T10:42:10Z', '2026-11-27T10:55:59Z', at)).toBe(
      'Today, 10:42–10:55',
    );
    expect(sessionWhen('2026-11-26T16:03:00Z', '2026-11-26T16:20:00Z', at)).toBe(
      'Yesterday, 16:03–16:20',
    );
  });

  it('gives one time when the session began and ended in the same minute', () => {
    expect(sessionWhen('2026-11-27T09:05:01Z', '2026-11-27T09:05:40Z', at)).toBe('Today, 09:05');
  });

  it('names other days by date, with the year when it is not this one', () => {
    expect(sessionWhen('2026-11-23T09:00:00Z', '2026-11-23T09:12:00Z', at)).toBe(
      'Mon 23 Nov, 09:00–09:12',
    );
    expect(sessionWhen('2025-03-02T14:05:00Z', '2025-03-02T14:30:00Z', at)).toBe(
      '2 Mar 2025, 14:05–14:30',
    );
  });

  it('names both days of a session that ran past midnight', () => {
    expect(sessionWhen('2026-11-26T23:50:00Z', '2026-11-27T00:10:00Z', at)).toBe(
      'Yesterday, 23:50 – Today, 00:10',
    );
  });

  it('counts days in the given time zone', () => {
    const tokyo = { ...at, timeZone: 'Asia/Tokyo', now: new Date('2026-11-27T10:00:00Z') };
    // 23:30 UTC on the 26th (yesterday in UTC) is 08:30 on the 27th in Tokyo: today there.
    expect(sessionWhen('2026-11-26T23:30:00Z', '2026-11-26T23:40:00Z', tokyo)).toBe(
      'Today, 08:30–08:40',
    );
  });
});

describe('sessionWhen in other locales', () => {
  it('writes the range the locale’s way', () => {
    const us = { ...at, locale: 'en-US' };
    expect(sessionWhen('2026-11-27T06:37:00Z', '2026-11-27T06:55:00Z', us)).toMatch(
      /^Today, 6:37\sAM\s?–\s?6:55\sAM$/,
    );
  });
});

describe('peopleNames', () => {
  it('joins up to three names, then counts the others', () => {
    expect(peopleNames(['Ana'])).toBe('Ana');
    expect(peopleNames(['Ana', 'Ben'])).toBe('Ana and Ben');
    expect(peopleNames(['Ana', 'Ben', 'Cleo'])).toBe('Ana, Ben and Cleo');
    expect(peopleNames(['Ana', 'Ben', 'Cleo', 'Dan', 'Eve'])).toBe('Ana, Ben and 3 others');
  });

  it('keeps names as people wrote them', () => {
    expect(peopleNames(['ana-1x', 'ben'])).toBe('ana-1x and ben');
  });

  it('names people whose profile cannot be read any more as former members', () => {
    expect(peopleNames([null, 'Ben'])).toBe('A former member and Ben');
    expect(peopleNames(['  '])).toBe('A former member');
    expect(peopleNames([])).toBe('Nobody named');
  });
});
