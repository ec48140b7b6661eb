import { describe, expect, it } from 'vitest';
import { PERSON_COLORS, colorFor } from './colors.ts';

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
