import { describe, expect, it } from 'vitest';
import { textArrayLiteral } from './array-literal.ts';

describe('textArrayLiteral', () => {
  it('quotes every element and escapes quotes and backslashes', () => {
    expect(textArrayLiteral([])).toBe('{}');
    expect(textArrayLiteral(['trip'])).toBe('{"trip"}');
    expect(textArrayLiteral(['a,b', '{c}', 'say "hi"', 'back\\slash', ' ', 'NULL'])).toBe(
      '{"a,b","{c}","say \\"hi\\"","back\\\\slash"," ","NULL"}',
    );
  });
});
