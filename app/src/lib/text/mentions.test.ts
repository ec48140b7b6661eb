import { describe, expect, it } from 'vitest';
import { mentionMarkdown, mentionTypedBefore, mentionedUserId, splitMentions } from './mentions.ts';

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

  it('finds a mention being typed before the caret, and nothing inside a word or an address', () => {
    expect(mentionTypedBefore('Ask @ad', 7)).toEqual({ from: 4, query: 'ad' });
    expect(mentionTypedBefore('@', 1)).toEqual({ from: 0, query: '' });
    expect(mentionTypedBefore('(@Zoë', 5)).toEqual({ from: 1, query: 'Zoë' });
    expect(mentionTypedBefore('Ask @ad later', 7)).toEqual({ from: 4, query: 'ad' });
    expect(mentionTypedBefore('mail ada@example', 16)).toBeNull();
    expect(mentionTypedBefore('Ask @ad ', 8)).toBeNull();
  });

  it('cuts a text into plain runs and mentions, leaving look-alikes as text', () => {
    const ada = '0b6c1e9a-3f0d-4a47-9c55-5d2b8e1f7a10';
    expect(splitMentions(`Hi ${mentionMarkdown('Ada', ada)}, see [@x](sheaf:user/nope).`)).toEqual([
      'Hi ',
      { name: 'Ada', userId: ada },
      ', see [@x](sheaf:user/nope).',
    ]);
    expect(splitMentions('plain')).toEqual(['plain']);
    expect(splitMentions(mentionMarkdown('Ada', ada))).toEqual([{ name: 'Ada', userId: ada }]);
  });
});
