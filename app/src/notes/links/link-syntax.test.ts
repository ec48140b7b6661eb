import { describe, expect, it } from 'vitest';
import { noteIdOfHref, noteLinkHref, noteLinkIds, noteLinkMarkdown } from './link-syntax.ts';

const ID = '3f2504e0-4f89-41d3-9a0c-0305e82c3301';

describe('note link syntax', () => {
  it('writes a markdown link whose URL names the note by id', () => {
    expect(noteLinkMarkdown('Japan trip', ID)).toBe(`[Japan trip](sheaf:note/${ID})`);
    expect(noteLinkHref(ID)).toBe(`sheaf:note/${ID}`);
  });

  it('escapes brackets and backslashes in the title, and names an untitled note', () => {
    expect(noteLinkMarkdown('a [b] \\c', ID)).toBe(`[a \\[b\\] \\\\c](sheaf:note/${ID})`);
    expect(noteLinkMarkdown('  ', ID)).toBe(`[Untitled note](sheaf:note/${ID})`);
    expect(noteLinkMarkdown('two\nlines', ID)).toBe(`[two lines](sheaf:note/${ID})`);
  });

  it('reads the id back from a URL, and nothing from other URLs', () => {
    expect(noteIdOfHref(`sheaf:note/${ID.toUpperCase()}`)).toBe(ID);
    expect(noteIdOfHref('https://example.com')).toBeNull();
    expect(noteIdOfHref(`sheaf:note/${ID}x`)).toBeNull();
    expect(noteIdOfHref('sheaf:note/')).toBeNull();
    expect(noteIdOfHref(undefined)).toBeNull();
  });

  it('finds each linked id in a body once, in order', () => {
    const other = '00000000-0000-4000-8000-000000000001';
    const body = `${noteLinkMarkdown('x', other)} and ${noteLinkMarkdown('y [z]', ID)} ${noteLinkMarkdown('again', other)} sheaf:note/${ID}`;
    expect(noteLinkIds(body)).toEqual([other, ID]);
    expect(noteLinkIds('no links')).toEqual([]);
  });
});
