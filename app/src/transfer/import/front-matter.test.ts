import { describe, expect, it } from 'vitest';
import { splitFrontMatter } from './front-matter.ts';

describe('splitFrontMatter', () => {
  it('reads Sheaf’s own export', () => {
    const text = [
      '---',
      'title: "Say \\"hi\\": now"',
      'tags: ["a", "b c"]',
      'created: "2026-01-01T00:00:00Z"',
      'attachments:',
      '  - "Trip/map (2).png"',
      '---',
      '# Body',
    ].join('\n');
    expect(splitFrontMatter(text)).toEqual({
      title: 'Say "hi": now',
      tags: ['a', 'b c'],
      attachments: ['Trip/map (2).png'],
      body: '# Body',
    });
  });

  it('accepts tags as a string, with or without #', () => {
    expect(splitFrontMatter('---\ntags: "#work, home"\n---\nx').tags).toEqual(['work', 'home']);
    expect(splitFrontMatter('---\ntag: [one]\n---\nx').tags).toEqual(['one']);
  });

  it('keeps keys it does not know at the top of the body', () => {
    const { body } = splitFrontMatter('---\ntitle: T\naliases: [x]\n---\ntext');
    expect(body).toBe('---\naliases:\n  - x\n---\ntext');
  });

  it('leaves text without (valid) front matter as it is', () => {
    expect(splitFrontMatter('no front matter').body).toBe('no front matter');
    expect(splitFrontMatter('---\nnot: [closed\n---\nx').body).toBe('---\nnot: [closed\n---\nx');
    expect(splitFrontMatter('---\njust a line\n').body).toBe('---\njust a line\n');
    expect(splitFrontMatter('---\n---\nempty').body).toBe('empty');
  });
});
