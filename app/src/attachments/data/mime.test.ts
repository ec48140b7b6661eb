import { describe, expect, it } from 'vitest';
import { hasThumbnail, mimeTypeOf } from './mime.ts';

describe('mimeTypeOf', () => {
  it('trusts the browser, else guesses from the extension', () => {
    expect(mimeTypeOf({ name: 'a.bin', type: 'image/png' })).toBe('image/png');
    expect(mimeTypeOf({ name: 'Holiday.HEIC', type: '' })).toBe('image/heic');
    expect(mimeTypeOf({ name: 'noext', type: '' })).toBeNull();
  });
});

describe('hasThumbnail', () => {
  it('draws every image type browsers can show, and not the others', () => {
    for (const type of [
      'image/png',
      'image/jpeg',
      'image/gif',
      'image/webp',
      'image/avif',
      'image/svg+xml',
      'image/bmp',
      'image/x-icon',
    ])
      expect(hasThumbnail(type)).toBe(true);
    expect(hasThumbnail('image/heic')).toBe(false);
    expect(hasThumbnail('application/pdf')).toBe(false);
    expect(hasThumbnail(null)).toBe(false);
  });
});
