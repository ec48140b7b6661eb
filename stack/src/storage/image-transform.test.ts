import { describe, expect, it } from 'vitest';
import {
  parseTokenTransformations,
  tokenTransformations,
  transformationSegments,
} from './image-transform.ts';

describe('image transformation options', () => {
  it('reports transformations in imgproxy terms, sizes clamped to 1–2000', () => {
    expect(transformationSegments({ width: 200, height: 200, quality: 60 })).toEqual([
      'height:200',
      'width:200',
      'resizing_type:fill',
      'quality:60',
    ]);
    expect(transformationSegments({ width: 5000, resize: 'contain', format: 'webp' })).toEqual([
      'width:2000',
      'resizing_type:fit',
      'format:webp',
    ]);
    expect(transformationSegments({ format: 'origin' })).toEqual([]);
  });

  it('carries options through a signed token unchanged', () => {
    const options = { width: 80, height: 60, resize: 'fill', quality: 70, format: 'avif' } as const;
    expect(parseTokenTransformations(tokenTransformations(options))).toEqual(options);
    expect(parseTokenTransformations('width:abc,bogus:1,height:10')).toEqual({});
  });
});
