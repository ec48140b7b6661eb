import { describe, expect, it } from 'vitest';
import { actionLink, htmlToText, renderTemplate } from './templates.ts';

const data = (values: Record<string, unknown>) => ({ Data: {}, ...values });

describe('renderTemplate', () => {
  it('HTML-escapes a value in text and in an attribute', () => {
    expect(
      renderTemplate('<p title="{{ .Email }}">{{ .Email }}</p>', data({ Email: `a"<b>'&` })),
    ).toBe('<p title="a&#34;&lt;b&gt;&#39;&amp;">a&#34;&lt;b&gt;&#39;&amp;</p>');
  });

  it('percent-encodes a value after the ? or # of a link, as html/template does', () => {
    const html = renderTemplate(
      '<a href="{{ .SiteURL }}/auth/callback?token_hash={{ .TokenHash }}&type=invite#email={{ .Email }}">x</a>',
      data({
        SiteURL: 'http://127.0.0.1:5173',
        TokenHash: 'pkce_ab12',
        Email: 'ann+x@example.com',
      }),
    );
    expect(html).toBe(
      '<a href="http://127.0.0.1:5173/auth/callback?token_hash=pkce_ab12&type=invite#email=ann%2bx%40example.com">x</a>',
    );
  });

  it('keeps a whole URL at the start of a link (reserved characters and escapes), refusing unsafe schemes', () => {
    const url = 'http://x.test/auth/v1/verify?token=a1&type=signup&redirect_to=http%3A%2F%2Fapp';
    expect(
      renderTemplate('<a href="{{ .ConfirmationURL }}">x</a>', data({ ConfirmationURL: url })),
    ).toBe(`<a href="${url.replace(/&/g, '&amp;')}">x</a>`);
    expect(
      renderTemplate(
        '<a href="{{ .ConfirmationURL }}">x</a>',
        data({ ConfirmationURL: 'javascript:alert(1)' }),
      ),
    ).toBe('<a href="#ZgotmplZ">x</a>');
    expect(renderTemplate('<a href="/n/{{ .Data.id }}">x</a>', { Data: { id: 'a b%zz' } })).toBe(
      '<a href="/n/a%20b%25zz">x</a>',
    );
  });
});

describe('actionLink', () => {
  it('is the first link that carries the token hash, entities decoded', () => {
    const html =
      '<a href="http://app/help">Help</a><a href="http://app/cb?token_hash=abc&amp;type=invite">Go</a>';
    expect(actionLink(html, 'abc')).toBe('http://app/cb?token_hash=abc&type=invite');
  });

  it('is none for an email with only a code', () => {
    expect(actionLink('<p>Your code is 123456</p>', 'abc')).toBeUndefined();
    expect(actionLink('<a href="http://app/">Open Sheaf</a>', 'abc')).toBeUndefined();
  });
});

describe('htmlToText', () => {
  it('keeps links as "label: url" and decodes entities once', () => {
    expect(htmlToText('<p>A &amp;lt; <a href="http://a/?x=1&amp;y=2">Go</a></p>')).toBe(
      'A &lt; Go: http://a/?x=1&y=2',
    );
  });
});
