import { describe, expect, it } from 'vitest';
import { PERSON_COLORS, assignColors, colorFor } from './colors.ts';

/** WCAG relative luminance of #rrggbb. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

describe('person colours', () => {
  it('gives a user the same colour every time', () => {
    const id = '0b9f6a3e-1c2d-4e5f-8a9b-0c1d2e3f4a5b';
    expect(colorFor(id)).toBe(colorFor(id));
  });

  it('keeps white name labels readable on every colour (4.5:1)', () => {
    for (const { color } of PERSON_COLORS)
      expect(1.05 / (luminance(color) + 0.05)).toBeGreaterThanOrEqual(4.5);
  });

  it('spreads users over the palette', () => {
    const used = new Set(
      Array.from({ length: 200 }, (_, i) => colorFor(`user-${i}-${i * 7919}`).color),
    );
    expect(used.size).toBe(PERSON_COLORS.length);
  });
});

describe('colours of the people present', () => {
  const ids = Array.from({ length: 40 }, (_, i) => `user-${i}-${(i * 7919).toString(36)}`);
  // Two ids whose preferred colours are the same: the case the issue met.
  const [a, b] = (() => {
    for (const x of ids)
      for (const y of ids)
        if (x < y && colorFor(x).color === colorFor(y).color) return [x, y] as const;
    throw new Error('no two test ids share a preferred colour');
  })();

  it('gives two people who prefer the same colour different ones', () => {
    const colors = assignColors([a, b]);
    expect(colors.get(a)!.color).not.toBe(colors.get(b)!.color);
    expect(colors.get(a)).toBe(colorFor(a)); // the first in id order keeps their own
  });

  it('gives up to ten people ten different colours, the same on every screen', () => {
    const present = ids.slice(0, PERSON_COLORS.length);
    const colors = assignColors(present);
    expect(new Set([...colors.values()].map((c) => c.color)).size).toBe(PERSON_COLORS.length);
    const elsewhere = assignColors([...present].reverse());
    for (const id of present) expect(elsewhere.get(id)).toBe(colors.get(id));
  });

  it('lets someone alone keep their preferred colour, and counts a person once', () => {
    expect(assignColors([a]).get(a)).toBe(colorFor(a));
    expect(assignColors([a, a, b]).size).toBe(2);
  });

  it('shares colours only beyond ten people, as evenly as it can', () => {
    const colors = assignColors(ids.slice(0, 15));
    const uses = new Map<string, number>();
    for (const { color } of colors.values()) uses.set(color, (uses.get(color) ?? 0) + 1);
    expect(Math.max(...uses.values())).toBe(2);
  });
});
