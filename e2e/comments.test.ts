// Comments in Chromium: the owner and a commenter comment on the same text while the owner is
// typing into it; both screens show both threads, anchored to the words they were made on
// (highlighted in the editor, in the order of the text), a reply and a resolve arrive live, the
// commenter's editor stays read-only, and a thread whose text is deleted moves to "Orphaned".
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { converged, openShared, sharedNote, typeAtEnd } from './collab-support/collab-steps.ts';
import { signedInPeople } from './collab-support/people.ts';
import { bodyEditor, selectText } from './notes-support/notes-steps.ts';
import { seriousViolations } from './support/axe.ts';
import { screenshots } from './support/screenshots.ts';

const people = signedInPeople('olga', 'carl');

/** Each highlighted thread's text in the editor, in document order. */
async function highlighted(page: Page): Promise<string[]> {
  return page.locator('.md-editor .cm-content').evaluate((content) => {
    const byThread = new Map<string, string>();
    for (const el of Array.from(content.querySelectorAll<HTMLElement>('.cm-comment-range'))) {
      const id = el.dataset.thread ?? '';
      const copy = el.cloneNode(true) as HTMLElement;
      copy.querySelectorAll('.cm-ySelectionCaret').forEach((caret) => caret.remove());
      byThread.set(id, (byThread.get(id) ?? '') + (copy.textContent ?? ''));
    }
    // y-codemirror puts word joiners around a caret.
    return [...byThread.values()].map((t) => t.replace(/\u2060/g, ''));
  });
}

const threadOn = (page: Page, quote: string) =>
  page.getByRole('listitem', { name: `Comments on “${quote}”` });

async function comment(page: Page, phrase: string, body: string, how: 'button' | 'keys') {
  await selectText(page, phrase);
  const start = page.getByRole('button', { name: 'Comment', exact: true });
  await expect.poll(() => start.isEnabled()).toBe(true);
  if (how === 'button') await start.click();
  else await page.keyboard.press('Control+Alt+M');
  const box = page.getByRole('textbox', { name: 'Your comment' });
  await box.fill(body);
  await page
    .getByRole('complementary', { name: 'Comments' })
    .getByRole('button', { name: 'Comment', exact: true })
    .last()
    .click();
  await box.waitFor({ state: 'detached' });
}

/** The page's selected text, without the word joiners others' carets add. */
const selectedText = (page: Page) =>
  page.evaluate(() =>
    window
      .getSelection()
      ?.toString()
      .replace(/\u2060/g, ''),
  );

describe('comments on a note', () => {
  it('lets two people comment on the same text while it is edited, live on both screens', async () => {
    const { olga, carl } = people;
    const body = 'The quick brown fox jumps over the lazy dog.';
    const note = await sharedNote(
      people.e2e,
      olga,
      [{ person: carl, role: 'commenter' }],
      'Fable',
      body,
    );
    await openShared(carl.page, note.url, false);
    await converged([olga.page, carl.page], (t) => t === body);

    // Carl comments on "brown fox" while Olga types in front of it and after it.
    const typing = (async () => {
      await typeAtEnd(olga.page, ' It was late.', 40);
      await olga.page.keyboard.press('Control+Home');
      await olga.page.keyboard.type('Once: ', { delay: 40 });
    })();
    await comment(carl.page, 'brown fox', 'Which fox?', 'button');
    await typing;
    // Olga comments on "lazy dog" with the keyboard.
    await comment(olga.page, 'lazy dog', 'Is the dog lazy?', 'keys');

    const text = await converged([olga.page, carl.page], (t) => t.endsWith('It was late.'));
    expect(text).toBe('Once: The quick brown fox jumps over the lazy dog. It was late.');
    for (const page of [olga.page, carl.page]) {
      await threadOn(page, 'brown fox').waitFor();
      await threadOn(page, 'lazy dog').waitFor();
      await expect.poll(() => highlighted(page)).toEqual(['brown fox', 'lazy dog']);
      // The panel lists them in the order of the text.
      const quotes = await page
        .getByRole('list', { name: 'Open comments' })
        .getByRole('button', { name: /^Show/ })
        .allTextContents();
      expect(quotes).toEqual(['“brown fox”', '“lazy dog”']);
    }

    // More typing inside Carl's range moves nothing: the anchor follows the words.
    await selectText(olga.page, 'fox');
    await olga.page.keyboard.press('ArrowLeft');
    await olga.page.keyboard.type('red ', { delay: 20 });
    await expect.poll(() => highlighted(carl.page)).toEqual(['brown red fox', 'lazy dog']);

    // A reply from Olga reaches Carl; Carl resolves Olga's thread and it reaches Olga.
    await threadOn(olga.page, 'brown fox')
      .getByRole('textbox', { name: 'Reply' })
      .fill('The red one.');
    await threadOn(olga.page, 'brown fox').getByRole('button', { name: 'Reply' }).click();
    await threadOn(carl.page, 'brown fox').getByText('The red one.').waitFor();
    // The reply is also a notification for Carl, who opened the thread: his bell's link leads to
    // the thread itself — active, its text selected in the note.
    await carl.page.getByRole('button', { name: /^Notifications, \d+ unread$/ }).click();
    await carl.page
      .getByRole('region', { name: 'Notifications' })
      .getByRole('link', { name: /replied in a thread you are in, on Fable/ })
      .click();
    await carl.page.waitForURL(/\?thread=/);
    await threadOn(carl.page, 'brown fox')
      .and(carl.page.locator('.comment-thread--active'))
      .waitFor();
    await expect.poll(() => selectedText(carl.page)).toBe('brown red fox');
    await threadOn(carl.page, 'lazy dog')
      .getByRole('button', { name: /^Resolve/ })
      .click();
    await olga.page
      .getByRole('list', { name: 'Resolved comments' })
      .getByText('Is the dog lazy?')
      .waitFor();
    await expect.poll(() => highlighted(olga.page)).toEqual(['brown red fox']);

    // Clicking a thread selects its text in the note.
    await carl.page.getByRole('button', { name: 'Show “brown fox” in the note' }).click();
    await expect.poll(() => selectedText(carl.page)).toBe('brown red fox');

    // "@" in a reply suggests the notebook's people; the reply shows the name (not the markdown)
    // and Olga's bell tells her she was mentioned — live.
    const carlReply = threadOn(carl.page, 'brown fox').getByRole('textbox', { name: 'Reply' });
    await carlReply.click();
    await carl.page.keyboard.type('Thanks @ol', { delay: 20 });
    const suggestions = carl.page.getByRole('listbox', { name: 'People to mention' });
    await suggestions.getByRole('option', { name: /^@olga/ }).waitFor();
    expect(await suggestions.getByRole('option').count()).toBe(1);
    await carl.page.keyboard.press('Enter');
    await carl.page.keyboard.type('!');
    expect(await carlReply.inputValue()).toMatch(
      /^Thanks \[@olga[^\]]*\]\(sheaf:user\/[0-9a-f-]{36}\) !$/,
    );
    await threadOn(carl.page, 'brown fox').getByRole('button', { name: 'Reply' }).click();
    const mentioned = threadOn(olga.page, 'brown fox').locator('.comment__mention');
    await mentioned.waitFor();
    expect(await mentioned.textContent()).toMatch(/^@olga/);
    expect(await threadOn(olga.page, 'brown fox').textContent()).not.toContain('sheaf:user');
    await olga.page.getByRole('button', { name: /^Notifications, \d+ unread$/ }).click();
    await olga.page
      .getByRole('region', { name: 'Notifications' })
      .getByRole('link', { name: /mentioned you in Fable/ })
      .waitFor();
    await olga.page.keyboard.press('Escape');

    // The commenter's editor stays read-only: typing changes nothing anywhere.
    await carl.page.getByText('Read only', { exact: true }).waitFor();
    await carl.page.locator('.md-editor .cm-content').click();
    await carl.page.keyboard.type('defaced');
    await carl.page.waitForTimeout(500);
    expect(await converged([olga.page, carl.page], () => true)).not.toContain('defaced');
    expect(await carl.page.locator('.cm-content[contenteditable="true"]').count()).toBe(0);

    expect(await seriousViolations(carl.page)).toEqual([]);
    await screenshots(carl.page, 'comments-commenter');

    // Olga deletes the words of Carl's thread: on both screens it moves to "Orphaned".
    await selectText(olga.page, 'brown red fox');
    await olga.page.keyboard.press('Backspace');
    for (const page of [olga.page, carl.page])
      await page.getByRole('list', { name: 'Orphaned comments' }).getByText('Which fox?').waitFor();
    expect(await seriousViolations(olga.page)).toEqual([]);
    await screenshots(olga.page, 'comments-owner');
    await bodyEditor(olga.page).waitFor();
  });
});
