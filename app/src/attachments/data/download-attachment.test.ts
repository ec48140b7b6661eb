import { describe, expect, it } from 'vitest';
import { withDownloadName } from './download-attachment.ts';

describe('withDownloadName', () => {
  it('appends the name encoded once to a signed URL', () => {
    const url = withDownloadName(
      'http://x/storage/v1/object/sign/a/b.txt?token=t',
      'résumé #1 (final) 😀 <b>.txt',
    );
    const name = new URL(url).searchParams.get('download');
    expect(name).toBe('résumé #1 (final) 😀 <b>.txt');
    expect(new URL(url).searchParams.get('token')).toBe('t');
  });

  it('starts the query when the URL has none', () => {
    expect(withDownloadName('http://x/a', 'a&b.txt')).toBe('http://x/a?download=a%26b.txt');
  });
});
