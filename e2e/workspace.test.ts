// The workspace in Chromium, as a person uses it: the sidebar, the list and the open note side by
// side (the selection marked, the list keeping its place, the tab titled after the note), one
// pane at a time on a phone with a way back, the keyboard (every shortcut of the "?" sheet), the
// command palette searching as you type across notebooks (prefixes, accents, highlights; words
// found inside others or despite a typo under "Close matches"), and a
// home page about people rather than sessions. Screenshots and axe scans of each new page.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bodyText,
  shareNotebook,
  signedInPerson,
  type Person,
} from './notes-support/notes-steps.ts';
import { seriousViolations } from './support/axe.ts';
import { startE2E, type E2E } from './support/harness.ts';
import { screenshots } from './support/screenshots.ts';
import { unique } from './support/users.ts';

let e2e: E2E;
let owner: Person;
let friend: Person;
let notebookId = '';
let sharedId = '';
const noteIds: string[] = [];

const title = (n: number) => `Entry ${String(n).padStart(2, '0')}`;

beforeAll(async () => {
  e2e = await startE2E();
  owner = await signedInPerson(e2e, unique('ws-owner'), 'ws-owner-pass-1');
  friend = await signedInPerson(e2e, unique('ws-friend'), 'ws-friend-pass-1');
  const notebook = await owner.client.from('notebooks').insert({ name: 'Journal' }).select('id');
  notebookId = (notebook.data as { id: string }[])[0]!.id;
  // Oldest first, so "Entry 60" is the newest and the list (recently edited) starts there.
  for (let n = 1; n <= 60; n++) {
    const { data, error } = await owner.client
      .from('notes')
      .insert({
        notebook_id: notebookId,
        title: title(n),
        body: n === 1 ? 'Zebra crossing on the way home.' : `Day ${n} of the journal.`,
      })
      .select('id');
    if (error) throw error;
    noteIds.push((data as { id: string }[])[0]!.id);
  }
  const shared = await friend.client.from('notebooks').insert({ name: 'Recipes' }).select('id');
  sharedId = (shared.data as { id: string }[])[0]!.id;
  await shareNotebook(friend.client, sharedId, owner.email, 'viewer');
  await friend.client.from('notes').insert({
    notebook_id: sharedId,
    title: 'Morning drinks',
    body: 'A café au lait, then a flat white.',
  });
});

afterAll(async () => {
  await e2e?.close();
});

const listPane = () => owner.page.getByRole('region', { name: 'Journal' });

describe('the workspace', () => {
  it('shows the sidebar, the list and the open note side by side, and the list keeps its place', async () => {
    const { page } = owner;
    await page.goto(`${e2e.appUrl}/n/${notebookId}`);
    const sidebar = page.getByRole('navigation', { name: 'Notebooks' });
    await expect(
      sidebar.getByRole('link', { name: /Journal/ }).getAttribute('aria-current'),
    ).resolves.toBe('page');
    await sidebar.getByRole('heading', { name: 'Shared with me' }).waitFor();
    await sidebar.getByRole('link', { name: /Recipes/ }).waitFor();
    await page.getByText('No note open').waitFor();

    await page.getByTestId('note-item').nth(49).waitFor();
    const list = page.locator('.list-pane');
    await list.evaluate((el) => el.scrollTo(0, el.scrollHeight));
    const scrolled = await list.evaluate((el) => el.scrollTop);
    expect(scrolled).toBeGreaterThan(0);
    const far = page.getByRole('link', { name: title(12), exact: true });
    await far.click();
    await page.waitForURL(`**/n/${notebookId}/${noteIds[11]}`);
    await page.getByLabel('Title').waitFor();
    await expect(page.getByLabel('Title').inputValue()).resolves.toBe(title(12));
    expect(await page.title()).toBe(`${title(12)} · Sheaf`);
    await expect(far.getAttribute('aria-current')).resolves.toBe('page');
    expect(await list.evaluate((el) => el.scrollTop)).toBe(scrolled);
    await screenshots(page, 'workspace');
    expect(await seriousViolations(page)).toEqual([]);
    await page.emulateMedia({ colorScheme: 'dark' });
    await screenshots(page, 'workspace-dark');
    expect(await seriousViolations(page)).toEqual([]);
    await page.emulateMedia({ colorScheme: 'light' });
  });

  it('shows one pane at a time on a phone, with a way back', async () => {
    const { page } = owner;
    await page.setViewportSize({ width: 360, height: 740 });
    try {
      await page.goto(`${e2e.appUrl}/n/${notebookId}`);
      const heading = page.getByRole('heading', { level: 1, name: 'Journal' });
      await heading.waitFor();
      expect(await page.getByRole('navigation', { name: 'Notebooks' }).isVisible()).toBe(false);
      await page.getByRole('link', { name: title(60), exact: true }).click();
      await page.getByLabel('Title').waitFor();
      expect(await listPane().isVisible()).toBe(false);
      await page.getByRole('link', { name: 'Journal', exact: true }).click();
      await page.waitForURL(`**/n/${notebookId}`);
      await heading.waitFor();
      expect(await page.getByText('No note open').isVisible()).toBe(false);
      await page.getByRole('link', { name: 'Notebooks', exact: true }).click();
      await page.waitForURL(`${e2e.appUrl}/`);
      await page.getByRole('heading', { name: 'All notebooks' }).waitFor();
      expect(await seriousViolations(page)).toEqual([]);
    } finally {
      await page.setViewportSize({ width: 1280, height: 800 });
    }
  });

  it('moves between notes, pins, previews, shows history and trashes from the keyboard', async () => {
    const { page } = owner;
    await page.goto(`${e2e.appUrl}/n/${notebookId}`);
    // The list by its role: the page index.html draws first is hidden from it (and from keys).
    await page.getByRole('link', { name: title(60), exact: true }).waitFor();
    await page.keyboard.press('j');
    await page.waitForURL(`**/${noteIds[59]}`);
    await page.keyboard.press('j');
    await page.waitForURL(`**/${noteIds[58]}`);
    await page.keyboard.press('k');
    await page.waitForURL(`**/${noteIds[59]}`);
    // The address changes before the page renders the note (a transition): until then the
    // previous note is on screen, and P would pin that one.
    await expect.poll(() => page.getByLabel('Title').inputValue()).toBe(title(60));
    // What a person sees before pressing P: this note's own Pin button.
    await page
      .getByRole('article', { name: title(60) })
      .getByRole('button', { name: 'Pin', exact: true })
      .waitFor();

    await page.keyboard.press('p');
    await page.getByRole('button', { name: 'Unpin' }).waitFor();
    await page.getByRole('region', { name: 'Pinned notes' }).getByText(title(60)).waitFor();
    await page.keyboard.press('p');
    await page.getByRole('button', { name: 'Pin', exact: true }).waitFor();

    await page.keyboard.press('Control+e');
    await page
      .getByRole('region', { name: 'Reading view' })
      .getByText('Day 60 of the journal.')
      .waitFor();
    await page.keyboard.press('Control+e');
    await expect(bodyText(page)).resolves.toBe('Day 60 of the journal.');

    await page.keyboard.press('h');
    await page.getByRole('dialog', { name: 'Note history' }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog', { name: 'Note history' }).waitFor({ state: 'detached' });

    await page.keyboard.press('Delete');
    await page.waitForURL(`**/n/${notebookId}`);
    await page.getByText(`Moved “${title(60)}” to the trash.`).waitFor();
    await page.getByRole('button', { name: 'Undo' }).click();
    await page.getByRole('link', { name: title(60), exact: true }).waitFor();

    await page.keyboard.press('n');
    await page.waitForURL(/\/n\/[0-9a-f-]{36}\/[0-9a-f-]{36}$/);
    await page.getByLabel('Title').waitFor();
    expect(await page.title()).toBe('New note · Sheaf');

    // Chords work inside the editor too; Esc leaves it so single keys work again.
    await page.getByRole('textbox', { name: 'Body (markdown)' }).click();
    await page.keyboard.press('Control+k');
    await page.getByRole('combobox', { name: 'Search notes and commands' }).waitFor();
    await page.keyboard.press('Escape');
    await page
      .getByRole('combobox', { name: 'Search notes and commands' })
      .waitFor({ state: 'detached' });
    await page.getByRole('textbox', { name: 'Body (markdown)' }).click();
    await page.keyboard.press('Escape');
    await page.keyboard.press('?');
    const sheet = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await sheet.getByText('Search notes and commands').waitFor();
    await sheet.getByText('Move to the trash').waitFor();
    await screenshots(page, 'shortcuts');
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
  });

  it('searches every readable notebook as you type, by prefix and without accents, highlighting the words', async () => {
    const { page } = owner;
    await page.goto(`${e2e.appUrl}/`);
    await page.getByRole('heading', { name: 'All notebooks' }).waitFor();
    await page.getByRole('button', { name: /Search/ }).click();
    const box = page.getByRole('combobox', { name: 'Search notes and commands' });
    const results = page.getByRole('listbox', { name: 'Results' });
    await results.getByRole('group', { name: 'Recent notes' }).waitFor();
    await box.pressSequentially('zebr');
    await page.locator('[role="listbox"][data-results-for="zebr"]').waitFor();
    const zebra = page.getByTestId('search-hit').filter({ hasText: title(1) });
    await zebra.waitFor();
    expect(await zebra.locator('mark').allTextContents()).toEqual(['Zebra']);
    await page.getByRole('status').filter({ hasText: '1 note found.' }).waitFor();

    await box.fill('');
    await box.pressSequentially('cafe');
    await page.locator('[role="listbox"][data-results-for="cafe"]').waitFor();
    const cafe = page.getByTestId('search-hit').filter({ hasText: 'Morning drinks' });
    await cafe.getByText('Recipes', { exact: false }).waitFor();
    expect(await cafe.locator('mark').allTextContents()).toEqual(['café']);
    await screenshots(page, 'command-palette');
    expect(await seriousViolations(page)).toEqual([]);

    // Search that forgives: from inside a word, and despite a typo, under "Close matches".
    for (const typed of ['ebra', 'zebar']) {
      await box.fill(typed);
      await page.locator(`[role="listbox"][data-results-for="${typed}"]`).waitFor();
      const close = results.getByRole('group', { name: 'Close matches' });
      const hit = close.getByTestId('search-hit').filter({ hasText: title(1) });
      await hit.waitFor();
      expect(await hit.locator('mark').allTextContents()).toEqual(['Zebra']);
      expect(await results.getByRole('group', { name: 'Notes' }).count()).toBe(0);
      await page.getByRole('status').filter({ hasText: '1 note found.' }).waitFor();
    }
    await screenshots(page, 'command-palette-close-matches');
    expect(await seriousViolations(page)).toEqual([]);
    await box.fill('cafe');
    await page.locator('[role="listbox"][data-results-for="cafe"]').waitFor();

    await box.press('Enter');
    await page.waitForURL(`**/n/${sharedId}/**`);
    await page
      .getByRole('region', { name: 'Note', exact: true })
      .getByText('A café au lait, then a flat white.')
      .waitFor();
    await page.getByText('Read only').waitFor();

    await page.keyboard.press('Control+k');
    await box.fill('qqqq');
    await page.getByText('No notes match “qqqq”.').waitFor();
    await box.fill('trash');
    await page.getByRole('option', { name: 'Open the trash' }).click();
    await page.waitForURL('**/trash');
  });

  it('greets with people, not session internals', async () => {
    const { page } = owner;
    await page.goto(`${e2e.appUrl}/`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.getByRole('heading', { name: 'Recent notes' }).waitFor();
    const recipes = page.getByTestId('notebook-item').filter({ hasText: 'Recipes' });
    await recipes.getByText(`With ${friend.email.split('@')[0]}`).waitFor();
    await page
      .getByTestId('notebook-item')
      .filter({ hasText: 'Journal' })
      .getByText('Only you')
      .waitFor();
    const text = await page.locator('main').innerText();
    const userId = (await owner.client.auth.getUser()).data.user!.id;
    expect(text).not.toContain(userId);
    expect(text).not.toMatch(/aal[12]|Verification level|Session renews/);
    await screenshots(page, 'workspace-home');
    expect(await seriousViolations(page)).toEqual([]);
  });
});
