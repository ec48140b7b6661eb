import { describe, expect, it } from 'vitest';
import { parseInline, parseMarkdown, safeHref } from './parse-markdown.ts';

describe('parseMarkdown', () => {
  it('reads headings, lists, code fences, quotes and paragraphs', () => {
    const blocks = parseMarkdown(
      '# Title\n\n- a\n- b\n\n```\n<b>x</b>\n```\n\n> quoted\n\ntext\nmore',
    );
    expect(blocks.map((b) => b.type)).toEqual(['heading', 'list', 'code', 'quote', 'paragraph']);
    expect(blocks[2]).toEqual({ type: 'code', text: '<b>x</b>' });
  });

  it('keeps HTML as text', () => {
    expect(parseInline('<img src=x onerror=alert(1)>')).toEqual([
      { type: 'text', text: '<img src=x onerror=alert(1)>' },
    ]);
  });

  it('parses emphasis, strong, code and links', () => {
    expect(parseInline('**b** *e* `c` [l](https://x.test)')).toEqual([
      { type: 'strong', children: [{ type: 'text', text: 'b' }] },
      { type: 'text', text: ' ' },
      { type: 'em', children: [{ type: 'text', text: 'e' }] },
      { type: 'text', text: ' ' },
      { type: 'code', text: 'c' },
      { type: 'text', text: ' ' },
      { type: 'link', href: 'https://x.test/', children: [{ type: 'text', text: 'l' }] },
    ]);
  });
});

describe('safeHref', () => {
  it('allows http, https and mailto only', () => {
    expect(safeHref('https://a.test/x')).toBe('https://a.test/x');
    expect(safeHref('mailto:a@b.test')).toBe('mailto:a@b.test');
    expect(safeHref('javascript:alert(1)')).toBeNull();
    expect(safeHref(' JAVASCRIPT:alert(1)')).toBeNull();
    expect(safeHref('data:text/html,<script>')).toBeNull();
    expect(safeHref('/relative')).toBeNull();
  });
});
