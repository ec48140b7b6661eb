import { describe, expect, it } from 'vitest';
import { contentDisposition } from './content-disposition.ts';

/** The name a browser takes from the header: filename* decoded (RFC 6266 prefers it). */
const nameFrom = (header: string) =>
  decodeURIComponent(/filename\*=UTF-8''([^;\s]+)/.exec(header)![1]!);

describe('Content-Disposition for downloads', () => {
  it('carries an awkward name exactly, encoded once, with an ASCII stand-in', () => {
    const name = 'résumé #1 (final) 😀 <b>.txt';
    const header = contentDisposition(name);
    expect(header).toBe(
      `attachment; filename="r_sum_ #1 (final) _ <b>.txt"; ` +
        `filename*=UTF-8''r%C3%A9sum%C3%A9%20%231%20%28final%29%20%F0%9F%98%80%20%3Cb%3E.txt`,
    );
    expect(nameFrom(header)).toBe(name);
  });

  it('leaves a plain name a token and quotes one with spaces or quotes', () => {
    expect(contentDisposition('a.txt')).toBe("attachment; filename=a.txt; filename*=UTF-8''a.txt");
    expect(contentDisposition('my "file".txt')).toBe(
      `attachment; filename="my _file_.txt"; filename*=UTF-8''my%20%22file%22.txt`,
    );
    expect(contentDisposition('100%.txt')).toContain('filename=100_.txt;');
  });

  it('answers a bare download with attachment alone', () => {
    expect(contentDisposition('')).toBe('attachment;');
  });
});
