// Notifications in Chromium, as two people live them: Ana shares a notebook with Ben and Ben's
// bell says so at once; Ana types "@" in a note, picks Ben, and Ben's bell count rises without a
// reload; Ben opens the list, follows the mention to the note (it is marked read), and marks
// everything read. The open list is screenshotted at 360 px and on a desktop, and has no serious
// accessibility violations. Ben then chooses a daily digest for email in his settings. Asserts on
// what each screen ends up showing, never on timing.
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openShared, typeAtEnd } from './collab-support/collab-steps.ts';
import { signedInPeople } from './collab-support/people.ts';
import {
  createNotebook,
  newNote,
  pickSuggestion,
  shareNotebook,
  waitSaved,
} from './notes-support/notes-steps.ts';
import { seriousViolations } from './support/axe.ts';
import { screenshots } from './support/screenshots.ts';

const people = signedInPeople('ana', 'ben');

const bell = (page: Page, unread: number) =>
  page.getByRole('button', {
    name: unread === 0 ? 'Notifications' : `Notifications, ${unread} unread`,
    exact: true,
  });

it('a mention arriving live as a notification', async () => {
  const { e2e, ana, ben } = people;
  await ben.page.goto(`${e2e.appUrl}/`);
  await bell(ben.page, 0).waitFor();

  // Ana makes a notebook with a note, and shares it with Ben: Ben's bell shows it, live.
  const notebookId = await createNotebook(e2e, ana.page, 'Trip');
  const noteId = await newNote(ana.page);
  await ana.page.getByLabel('Title').fill('Trip plan');
  await waitSaved(ana.page);
  await shareNotebook(ana.client, notebookId, ben.email, 'editor');
  await bell(ben.page, 1).waitFor();

  // Ana types "@" in the note and picks Ben from the notebook's people.
  const noteUrl = `${e2e.appUrl}/n/${notebookId}/${noteId}`;
  await openShared(ana.page, noteUrl);
  await typeAtEnd(ana.page, 'Ask @');
  await pickSuggestion(ana.page, ana.page.getByRole('option', { name: new RegExp(`^@ben`) }));
  await typeAtEnd(ana.page, 'about the tickets.');
  await waitSaved(ana.page);
  // The preview shows the mention as the person's name, not as a link.
  await ana.page.keyboard.press('Control+e');
  const shown = ana.page.locator('.markdown .markdown__mention');
  await shown.waitFor();
  expect(await shown.textContent()).toMatch(/^@ben/);
  expect(await ana.page.locator('.markdown a[href^="sheaf:"]').count()).toBe(0);

  // Ben's bell counts it without a reload.
  await bell(ben.page, 2).waitFor();
  await bell(ben.page, 2).click();
  const list = ben.page.getByRole('region', { name: 'Notifications' });
  await list.waitFor();
  const mention = list.getByRole('link', { name: /mentioned you in Trip plan/ });
  await mention.waitFor();
  await list.getByRole('link', { name: /shared Trip with you as editor/ }).waitFor();
  expect(await seriousViolations(ben.page)).toEqual([]);
  await screenshots(ben.page, 'notifications-list');

  // Following the mention opens the note, and it is read now.
  await mention.click();
  await ben.page.waitForURL(noteUrl);
  await ben.page.getByRole('textbox', { name: 'Body (markdown)' }).waitFor();
  await bell(ben.page, 1).waitFor();

  // Mark all read: the count goes.
  await bell(ben.page, 1).click();
  await list.getByRole('button', { name: 'Mark all read' }).click();
  await bell(ben.page, 0).waitFor();
  // Escape closes the list and gives the focus back to the bell.
  await ben.page.keyboard.press('Escape');
  await list.waitFor({ state: 'detached' });
  expect(await bell(ben.page, 0).evaluate((el) => el === document.activeElement)).toBe(true);
});

it('keeps the email setting for mentions and replies that a person chooses', async () => {
  const { e2e, ben } = people;
  await ben.page.goto(`${e2e.appUrl}/settings/profile`);
  const group = ben.page.getByRole('group', { name: 'Email about mentions and replies' });
  await group.getByRole('radio', { name: /Right away/ }).waitFor();
  expect(await group.getByRole('radio', { name: /Right away/ }).isChecked()).toBe(true);
  await group.getByRole('radio', { name: /Daily digest/ }).check();
  await ben.page.getByText('Your email setting is saved.').waitFor();
  await ben.page.reload();
  await group.getByRole('radio', { name: /Daily digest/ }).waitFor();
  expect(await group.getByRole('radio', { name: /Daily digest/ }).isChecked()).toBe(true);
  const me = (await ben.client.auth.getUser()).data.user!.id;
  const { data } = await ben.client.from('profiles').select('notify_email').eq('id', me);
  expect(data).toEqual([{ notify_email: 'daily' }]);
  expect(await seriousViolations(ben.page)).toEqual([]);
});
