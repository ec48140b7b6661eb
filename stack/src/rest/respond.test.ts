import { describe, expect, it } from 'vitest';
import { ident } from './sql/builder.ts';
import { contentLocation, formEncoded } from './respond.ts';

describe('Content-Location’s query', () => {
  it('is encoded as URLSearchParams encodes a form', () => {
    const texts = [
      '',
      'eq.1',
      '*',
      'id,body,owner(name)',
      'in.(1,2,3)',
      'like.*a b*',
      "it's ~ (quoted) !",
      'a&b=c+d%20e',
      'é ü 中文 🙂',
      'fts(english).cat & dog',
      '-._*',
      '\u0000\u001f\u007f',
    ];
    for (const text of texts) {
      const expected = new URLSearchParams([['k', text]]).toString().slice(2);
      expect(formEncoded(text)).toBe(expected);
    }
  });
});

describe('Content-Location', () => {
  const at = (target: string, queryPairs: [string, string][]) =>
    contentLocation({ target, queryPairs });

  it('names the target and its query, parameters in order of name', () => {
    expect(at('items', [])).toBe('/items');
    expect(
      at('items', [
        ['id', 'eq.1'],
        ['select', '*'],
      ]),
    ).toBe('/items?id=eq.1&select=*');
    expect(
      at('items', [
        ['select', '*'],
        ['id', 'eq.1'],
        ['body', 'like.a b'],
      ]),
    ).toBe('/items?body=like.a+b&id=eq.1&select=*');
  });

  it('keeps repeated names in the order they came, and leaves the request as it was', () => {
    const pairs: [string, string][] = [
      ['z', '1'],
      ['a', 'gt.2'],
      ['a', 'lt.9'],
    ];
    expect(at('rpc/f', pairs)).toBe('/rpc/f?a=gt.2&a=lt.9&z=1');
    expect(pairs).toEqual([
      ['z', '1'],
      ['a', 'gt.2'],
      ['a', 'lt.9'],
    ]);
  });
});

describe('SQL identifiers', () => {
  it('are quoted, with quotes doubled and anything from a NUL on dropped', () => {
    expect(ident('items')).toBe('"items"');
    expect(ident('we"ird')).toBe('"we""ird"');
    expect(ident('a""b')).toBe('"a""""b"');
    expect(ident('cut\u0000"; drop table x')).toBe('"cut"');
    expect(ident('\u0000')).toBe('""');
  });
});
