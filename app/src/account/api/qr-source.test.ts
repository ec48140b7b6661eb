import { describe, expect, it } from 'vitest';
import { qrSource } from './qr-source.ts';

describe('qrSource', () => {
  it('encodes an SVG so a "#" colour does not end the URL', () => {
    const src = qrSource('data:image/svg+xml;utf-8,<svg fill="#000"></svg>');
    expect(src).toBe(
      `data:image/svg+xml;charset=utf-8,${encodeURIComponent('<svg fill="#000"></svg>')}`,
    );
    expect(src).not.toContain('#');
  });
  it('accepts raw SVG', () =>
    expect(qrSource('<svg/>')).toBe('data:image/svg+xml;charset=utf-8,%3Csvg%2F%3E'));
  it('leaves other URLs alone', () =>
    expect(qrSource('data:image/png;base64,AAAA')).toBe('data:image/png;base64,AAAA'));
});
