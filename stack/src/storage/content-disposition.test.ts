import { describe, expect, it } from 'vitest';
import { contentDisposition } from './content-disposition.ts';

/** The name a browser takes from the header: filename* decoded (RFC 6266 prefers it). */
const nameFrom = (header: string) =>
  decodeURIComponent(/filename\*=UTF-8''([^;\s]+)/.exec(header)![1]!);

describe('Content-Disposition for downloads (as hosted Storage sends it)', () => {
  it('carries an awkward name exactly, encoded once, in filename* and the ASCII filename', () => {
    const name = 'résumé #1 (final) 😀 <b>.txt';
    const header = contentDisposition(name);
    const encoded = 'r%C3%A9sum%C3%A9%20%231%20(final)%20%F0%9F%98%80%20%3Cb%3E.txt';
    expect(header).toBe(`attachment; filename=${encoded}; filename*=UTF-8''${encoded};`);
    expect(nameFrom(header)).toBe(name);
  });

  it('leaves a plain name as it is', () => {
    expect(contentDisposition('a.txt')).toBe("attachment; filename=a.txt; filename*=UTF-8''a.txt;");
  });

  it('answers a bare download with attachment alone', () => {
    expect(contentDisposition('')).toBe('attachment;');
  });
});
