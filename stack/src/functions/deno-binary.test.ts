import { describe, expect, it } from 'vitest';
import { DenoMissingError, denoBinary } from './deno-binary.ts';

describe('denoBinary', () => {
  it('finds the binary of the deno npm package', () => {
    expect(denoBinary({})).toMatch(/[/\\]deno(\.exe)?$/);
  });

  it('names what is missing when SHEAF_DENO_BIN points nowhere', () => {
    expect(() => denoBinary({ SHEAF_DENO_BIN: '/nonexistent/deno' })).toThrow(DenoMissingError);
    expect(() => denoBinary({ SHEAF_DENO_BIN: '/nonexistent/deno' })).toThrow(
      /\/nonexistent\/deno is missing or not executable.*npm install/,
    );
  });
});
