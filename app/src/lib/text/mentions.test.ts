import { describe, expect, it } from 'vitest';
import { mentionMarkdown, mentionedUserId } from './mentions.ts';

const ID = '0b5c7a52-8f4e-4a43-9d0c-2f4f3b1a9e11';

describe('mentions', () => {
  it('writes a mention as a sheaf:user link with the name after an @', () => {
    expect(mentionMarkdown('Ada Lovelace', ID)).toBe(`[@Ada Lovelace](sheaf:user/${ID})`);
  });

  it('keeps brackets and line breaks of a name out of the link text', () => {
    expect(mentionMarkdown('A]da\n[x]', ID)).toBe(`[@A da x](sheaf:user/${ID})`);
    expect(mentionMarkdown('  ', ID)).toBe(`[@someone](sheaf:user/${ID})`);
  });

  it('reads the user id back from a mention URL, and nothing from other URLs', () => {
    expect(mentionedUserId(`sheaf:user/${ID}`)).toBe(ID);
    expect(mentionedUserId(`sheaf:user/${ID.toUpperCase()}`)).toBe(ID);
    expect(mentionedUserId('sheaf:user/not-an-id')).toBeNull();
    expect(mentionedUserId(`sheaf:note/${ID}`)).toBeNull();
    expect(mentionedUserId('https://example.com')).toBeNull();
    expect(mentionedUserId(undefined)).toBeNull();
  });
});
