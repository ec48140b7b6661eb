import { describe, expect, it } from 'vitest';
import { attachmentPath, safeUrl } from './safe-url.ts';

const PATH =
  '00000000-0000-4000-8000-000000000001/00000000-0000-4000-8000-000000000002/abc-photo.png';

describe('safeUrl', () => {
  it('keeps web and mail links and drops script URLs', () => {
    expect(safeUrl('https://a.test/x', 'href')).toBe('https://a.test/x');
    expect(safeUrl('mailto:a@b.test', 'href')).toBe('mailto:a@b.test');
    expect(safeUrl('javascript:alert(1)', 'href')).toBe('');
    expect(safeUrl('data:text/html,<script>', 'src')).toBe('');
  });

  it('lets images come from attachments only as images', () => {
    expect(safeUrl(`attachment:${PATH}`, 'src')).toBe(`attachment:${PATH}`);
    expect(safeUrl(`attachment:${PATH}`, 'href')).toBe('');
  });

  it('keeps links to notes by id, only as links and only well formed', () => {
    const link = 'sheaf:note/00000000-0000-4000-8000-000000000002';
    expect(safeUrl(link, 'href')).toBe(link);
    expect(safeUrl(link, 'src')).toBe('');
    expect(safeUrl('sheaf:note/javascript:alert(1)', 'href')).toBe('');
  });
});

describe('attachmentPath', () => {
  it('reads a note attachment path and refuses anything else', () => {
    expect(attachmentPath(`attachment:${PATH}`)).toBe(PATH);
    expect(attachmentPath('attachment:../../etc/passwd')).toBeNull();
    expect(attachmentPath('https://a.test/x.png')).toBeNull();
  });
});
