// A note's life in Chromium: "New note" then Back stores nothing; a body over the size limit
// is refused with one message and nothing of it is sent; markdown rendered with GitHub's extensions (tasks ticked
// in the preview change the text) and safely; the trash (move, restore, delete forever, the
// Trash page); pins per person, live in the person's other tabs. (History: history.test.ts.)
// Screenshots (light and dark) and axe scans of each new page.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bodyEditor,
  bodyText,
  createNotebook,
  newNote,
  noteAction,
  shareNotebook,
  signedInPerson,
  waitSaved,
  writeBody,
  type Person,
} from './notes-support/notes-steps.ts';
import { seriousViolations } from './support/axe.ts';
import { startE2E, type E2E } from './support/harness.ts';
import { screenshots } from './support/screenshots.ts';
import { unique } from './support/users.ts';

let e2e: E2E;
let owner: Person;
let editor: Person;
let notebookId = '';

beforeAll(async () => {
  e2e = await startE2E();
  owner = await signedInPerson(e2e, unique('life-owner'), 'life-owner-pass-1');
  editor = await signedInPerson(e2e, unique('life-editor'), 'life-editor-pass-1');
  notebookId = await createNotebook(e2e, owner.page, 'Garden');
  await shareNotebook(owner.client, notebookId, editor.email, 'editor');
});

afterAll(async () => {
  await e2e?.close();
});

async function countNotes(): Promise<number> {
  const { count } = await owner.client
    .from('notes')
    .select('id', { count: 'exact', head: true })
    .eq('notebook_id', notebookId);
  return count ?? -1;
}

describe('a note', () => {
  it('is stored only once something is written: New note then Back leaves nothing', async () => {
    const { page } = owner;
    await page.goto(`${e2e.appUrl}/n/${notebookId}`);
    await page.getByText('No notes yet. Create the first one.').waitFor();
    await newNote(page);
    await page.goBack();
    await page.waitForURL(`**/n/${notebookId}`);
    await page.getByText('No notes yet. Create the first one.').waitFor();
    expect(await countNotes()).toBe(0);
    const id = await newNote(page);
    await page.getByLabel('Title').fill('Seeds');
    await waitSaved(page);
    await page.goBack();
    await page.getByRole('link', { name: 'Seeds', exact: true }).waitFor();
    const { data } = await owner.client.from('notes').select('id, title').eq('id', id);
    expect(data).toEqual([{ id, title: 'Seeds' }]);
  });

  it('refuses a body over the size limit with one message, and sends nothing of it', async () => {
    const { page } = owner;
    await page.goto(`${e2e.appUrl}/n/${notebookId}`);
    await page.getByRole('link', { name: 'Seeds', exact: true }).click();
    await page.getByLabel('Title').waitFor();
    const noteId = new URL(page.url()).pathname.split('/')[3]!;
    // Anything sent that carries the long text (the note's own first update may go out as it
    // opens: its title, seeded into the shared document).
    const sent: string[] = [];
    page.on('request', (request) => {
      const url = request.url();
      const big = (request.postData()?.length ?? 0) > 10_000;
      if (url.includes('/rest/v1/') && big) sent.push(url);
    });
    await writeBody(page, `${'A long line of text, again and again. '.repeat(30)}\n`.repeat(1000));
    const message = page
      .getByRole('alert')
      .filter({ hasText: 'a note holds at most 1.0 MB of text, so nothing was added' });
    await message.waitFor();
    expect(await page.getByRole('alert').count()).toBe(1);
    await page.waitForTimeout(1500); // past the save delays: anything sent would have gone
    expect(sent).toEqual([]);
    // Nothing of it in the editor: it still shows its placeholder.
    expect(await bodyEditor(page).locator('.cm-placeholder').count()).toBe(1);
    await page.getByTestId('save-status').filter({ hasText: 'All changes saved' }).waitFor();
    const body = async () =>
      (await owner.client.from('notes').select('body').eq('id', noteId).single()).data;
    expect(await body()).toEqual({ body: '' });
    // Dismissed, it goes; shorter text is stored as ever.
    await message.getByRole('button', { name: 'Dismiss' }).click();
    await message.waitFor({ state: 'detached' });
    await writeBody(page, 'Short again.');
    await waitSaved(page);
    await expect.poll(body, { timeout: 15_000 }).toEqual({ body: 'Short again.' });
  });

  it('renders GitHub-flavoured markdown safely, and ticking a task changes the text', async () => {
    const { page, dialogs } = owner;
    await page.goto(`${e2e.appUrl}/n/${notebookId}`);
    await newNote(page);
    await page.getByLabel('Title').fill('Planting plan');
    const source = [
      '# Spring',
      '## Beds',
      '- [ ] dig the beds',
      '- [x] buy seeds',
      '',
      '| Bed | Crop |',
      '| --- | --- |',
      '| 1 | Beans |',
      '',
      '~~frost~~ later. See https://example.com/garden',
      '',
      '```ts',
      'const rows: number = 4;',
      '```',
      '',
      '<img src=x onerror=alert(1)>',
    ].join('\n');
    await writeBody(page, source);
    await waitSaved(page);
    await page.getByRole('button', { name: 'Reading view' }).click();
    const preview = page.getByRole('region', { name: 'Reading view' });
    await preview.getByRole('heading', { level: 1, name: 'Spring' }).waitFor();
    await preview.getByRole('heading', { level: 2, name: 'Beds' }).waitFor();
    await preview.getByRole('table').getByRole('cell', { name: 'Beans' }).waitFor();
    await preview.locator('del', { hasText: 'frost' }).waitFor();
    const link = preview.getByRole('link', { name: 'https://example.com/garden' });
    await expect(link.getAttribute('href')).resolves.toBe('https://example.com/garden');
    await preview.locator('code .tok-keyword', { hasText: 'const' }).waitFor();
    await preview.getByText('<img src=x onerror=alert(1)>').waitFor();
    expect(await preview.locator('img').count()).toBe(0);
    const task = preview.getByRole('checkbox', { name: 'dig the beds' });
    expect(await task.isChecked()).toBe(false);
    await screenshots(page, 'note-preview');
    await page.emulateMedia({ colorScheme: 'dark' });
    await screenshots(page, 'note-preview-dark');
    expect(await seriousViolations(page)).toEqual([]);
    await page.emulateMedia({ colorScheme: 'light' });
    await task.check();
    await waitSaved(page);
    await page.getByRole('button', { name: 'Reading view' }).click();
    await expect(bodyText(page)).resolves.toContain('- [x] dig the beds');
    expect(dialogs).toEqual([]);
  });
});

describe('the trash', () => {
  it('goes back to its notebook once moved to the trash, even when the change shows live first', async () => {
    const { page } = owner;
    const id = await newNote(page);
    await page.getByLabel('Title').fill('Compost rota');
    await waitSaved(page);
    // The answer to the move waits until the page has shown the note as trashed (the change
    // arrives live, through Realtime, while the request is still out).
    await page.route('**/rest/v1/notes?*', async (route) => {
      if (route.request().method() !== 'PATCH') return route.fallback();
      const response = await route.fetch();
      await page.getByText('This note is in the trash.').waitFor();
      await route.fulfill({ response });
    });
    await noteAction(page, 'Move to trash');
    await page.waitForURL(`**/n/${notebookId}`);
    await page.getByText('Moved “Compost rota” to the trash.').waitFor();
    await page.unroute('**/rest/v1/notes?*');
    const { data } = await owner.client.from('notes').select('deleted_at').eq('id', id).single();
    expect(data?.deleted_at).not.toBeNull();
    await owner.client.from('notes').delete().eq('id', id); // the trash is empty again
  });

  it('takes a note in, gives it back, and deletes it for good', async () => {
    const { page } = owner;
    await page.goto(`${e2e.appUrl}/n/${notebookId}`);
    await page.getByRole('link', { name: 'Planting plan', exact: true }).click();
    await noteAction(page, 'Move to trash');
    await page.waitForURL(`**/n/${notebookId}`);
    await page
      .getByRole('navigation', { name: 'Notebooks' })
      .getByRole('link', { name: 'Trash' })
      .click();
    await page.waitForURL('**/trash');
    const item = page.getByTestId('trash-item').filter({ hasText: 'Planting plan' });
    await item.getByText('in Garden').waitFor();
    await item.getByText(/gone for good in 30 days/).waitFor();
    await screenshots(page, 'trash');
    expect(await seriousViolations(page)).toEqual([]);

    await item.getByRole('link', { name: 'Planting plan' }).click();
    await page.getByText('This note is in the trash.').waitFor();
    expect(await page.getByLabel('Title').count()).toBe(0);
    await page.getByRole('button', { name: 'Restore', exact: true }).click();
    await page.getByLabel('Title').waitFor();

    await noteAction(page, 'Move to trash');
    await page.waitForURL(`**/n/${notebookId}`); // moved: leaving the page now cancels nothing
    await page.goto(`${e2e.appUrl}/trash`);
    await item.getByRole('button', { name: 'Delete forever Planting plan' }).click();
    await item.getByRole('button', { name: 'Yes, delete forever Planting plan' }).click();
    await item.waitFor({ state: 'detached' });
    await page.getByText('No notes in the trash.').waitFor();
    const { data } = await owner.client.from('notes').select('id').eq('title', 'Planting plan');
    expect(data).toEqual([]);
  });
});

describe('pins', () => {
  it('are each person’s own', async () => {
    const { page } = owner;
    const compost = await owner.client
      .from('notes')
      .insert({ notebook_id: notebookId, title: 'Compost', body: 'Turn it weekly.' });
    expect(compost.error).toBeNull();
    await page.goto(`${e2e.appUrl}/n/${notebookId}`);
    await page.getByRole('link', { name: 'Compost', exact: true }).click();
    await page.getByRole('button', { name: 'Pin', exact: true }).click();
    await page.getByRole('region', { name: 'Pinned notes' }).getByText('Compost').waitFor();

    const other = editor.page;
    await other.goto(`${e2e.appUrl}/n/${notebookId}`);
    await other.getByRole('link', { name: 'Seeds', exact: true }).waitFor();
    expect(await other.getByRole('region', { name: 'Pinned notes' }).count()).toBe(0);
    await other.getByRole('link', { name: 'Seeds', exact: true }).click();
    await other.getByRole('button', { name: 'Pin', exact: true }).click();
    await other.getByRole('region', { name: 'Pinned notes' }).getByText('Seeds').waitFor();

    await page.reload();
    const pinned = page.getByRole('region', { name: 'Pinned notes' });
    await pinned.getByText('Compost').waitFor();
    expect(await pinned.getByText('Seeds').count()).toBe(0);

    // The person's own other tab follows live (no reload, no focus change).
    const tab = await owner.context.newPage();
    await tab.goto(`${e2e.appUrl}/n/${notebookId}`);
    await tab.getByRole('region', { name: 'Pinned notes' }).getByText('Compost').waitFor();
    await page.getByRole('link', { name: 'Seeds', exact: true }).click();
    await page.getByRole('button', { name: 'Pin', exact: true }).click();
    await tab.getByRole('region', { name: 'Pinned notes' }).getByText('Seeds').waitFor();
    await page.getByRole('button', { name: 'Unpin', exact: true }).click();
    await tab
      .getByRole('region', { name: 'Pinned notes' })
      .getByText('Seeds')
      .waitFor({ state: 'detached' });
    await tab.close();
  });
});
