import { describe, expect, it } from 'vitest';
import { parseDotenv } from './env.ts';

describe('parseDotenv', () => {
  it('reads plain, exported, quoted and commented lines as the CLI does', () => {
    const vars = parseDotenv(
      [
        '# a comment',
        '',
        'PLAIN=value',
        'export EXPORTED=yes',
        'SPACED = padded  ',
        'DOUBLE="two\\nlines \\"quoted\\""',
        "SINGLE='no \\n escapes # kept'",
        'TRAILING=value # comment',
        'EMPTY=',
        'not a variable line',
      ].join('\n'),
    );
    expect(vars).toEqual({
      PLAIN: 'value',
      EXPORTED: 'yes',
      SPACED: 'padded',
      DOUBLE: 'two\nlines "quoted"',
      SINGLE: 'no \\n escapes # kept',
      TRAILING: 'value',
      EMPTY: '',
    });
  });

  it('lets a later line win and accepts Windows line endings', () => {
    expect(parseDotenv('A=1\r\nA=2\r\n')).toEqual({ A: '2' });
  });
});
