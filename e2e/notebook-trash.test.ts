// A notebook's trip through the trash in Chromium: its owner moves it (with its notes) to the
// trash from the notebooks list and it leaves their list — and, live, the open page of a member,
// which closes with a sentence; its page opened by URL says it is in the trash; Trash lists it
// with its note count and when it goes for good; restored from there, it comes back with its
// notes (a note trashed on its own before stays in the trash), for the member too. Undo in the
// notice restores it at once. Screenshots (360 px and desktop) of the question, the notebook's
// page in the trash and Trash; axe scans.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
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
let member: Person;

beforeAll(async () => {
  e2e = await startE2E();
  owner = await signedInPerson(e2e, unique('nbtrash-owner'), 'nbtrash-owner-pass-1');
  member = await signedInPerson(e2e, unique('nbtrash-member'), 'nbtrash-member-pass-1');
});

afterAll(async () => {
  await e2e?.close();
});

async function writeNote(title: string, body: string): Promise<string> {
  const { page } = owner;
  const id = await newNote(page);
  await page.getByLabel('Title').fill(title);
  await writeBody(page, body);
  await waitSaved(page);
  return id;
}

describe('a notebook in the trash', () => {
  it('leaves the lists with its notes, live for a member, and comes back restored from Trash', async () => {
    const { page } = owner;
    const notebookId = await createNotebook(e2e, page, 'Japan trip');
    await writeNote('Packing list', 'Hiking boots, rain jacket');
    await writeNote('Kyoto temples', 'Kinkaku-ji at opening time');
    const dropped = await writeNote('Old idea', 'Not going to Osaka after all');
    await noteAction(page, 'Move to trash');
    await page.waitForURL(`**/n/${notebookId}`);
    await shareNotebook(owner.client, notebookId, member.email, 'viewer');

    // The member has the notebook open.
    await member.page.goto(`${e2e.appUrl}/n/${notebookId}`);
    await member.page.getByRole('heading', { level: 1, name: 'Japan trip' }).waitFor();
    await member.page.getByText('Packing list').waitFor();
    const sidebarLink = member.page.locator(`.sidebar__link[href="/n/${notebookId}"]`);
    await sidebarLink.waitFor();

    await page.goto(`${e2e.appUrl}/`);
    const item = page.getByTestId('notebook-item').filter({ hasText: 'Japan trip' });
    await item.getByText('2 notes').waitFor();
    await page.getByRole('button', { name: 'Move to trash: Japan trip' }).click();
    await item.getByText('you can restore it from Trash for 30 days').waitFor();
    await screenshots(page, 'notebook-move-to-trash');
    expect(await seriousViolations(page)).toEqual([]);
    await item.getByRole('button', { name: 'Move to trash', exact: true }).click();
    await item.waitFor({ state: 'detached' });
    await page.getByText('Moved “Japan trip” and its notes to the trash.').waitFor();

    // Live, the member's open notebook closes and says why; their lists no longer have it.
    await member.page
      .getByText(
        '“Japan trip” was moved to the trash by its owner, so it is closed. It opens again if they restore it.',
      )
      .waitFor();
    await sidebarLink.waitFor({ state: 'detached' });
    await member.page.goto(`${e2e.appUrl}/`);
    await member.page.getByText('No notebooks yet. Create your first one above.').waitFor();
    expect(await member.page.getByText('Japan trip').count()).toBe(0);
    // Its notes are not live notes for anyone any more: search finds nothing.
    const found = await owner.client.rpc('search_notes', { query: 'Kinkaku', max_results: 10 });
    expect(found.data).toEqual([]);

    // Opened by its URL, the page says where it is (to its owner), not "not found".
    await page.goto(`${e2e.appUrl}/n/${notebookId}`);
    await page.getByRole('heading', { name: '“Japan trip” is in the trash' }).waitFor();
    await screenshots(page, 'notebook-in-trash');
    expect(await seriousViolations(page)).toEqual([]);
    await member.page.goto(`${e2e.appUrl}/n/${notebookId}`);
    await member.page.getByRole('heading', { name: 'Notebook not found' }).waitFor();

    // Trash lists it with its live notes' count and when it goes for good.
    await page.getByRole('link', { name: 'Go to the trash' }).click();
    await page.waitForURL('**/trash');
    const trashed = page.getByTestId('trashed-notebook').filter({ hasText: 'Japan trip' });
    await trashed.getByText('2 notes').waitFor();
    await trashed.getByText(/deleted for good on .* \(in 30 days\)/).waitFor();
    await screenshots(page, 'notebook-trash');
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Restore notebook Japan trip' }).click();
    await trashed.waitFor({ state: 'detached' });
    await page.goto(`${e2e.appUrl}/`);
    await item.getByText('2 notes').waitFor();
    await item.getByRole('link', { name: 'Japan trip' }).click();
    await page.getByRole('heading', { level: 1, name: 'Japan trip' }).waitFor();
    await page.getByText('Packing list').waitFor();
    await page.getByText('Kyoto temples').waitFor();
    expect(await page.getByText('Old idea').count()).toBe(0);
    // The note trashed on its own before is still in the trash.
    const old = await owner.client.from('notes').select('deleted_at').eq('id', dropped).single();
    expect(old.data?.deleted_at).not.toBeNull();

    // The member has it back too.
    await member.page.goto(`${e2e.appUrl}/n/${notebookId}`);
    await member.page.getByText('Kyoto temples').waitFor();
  });

  it('comes back at once with Undo, and is deleted for good from Trash', async () => {
    const { page } = owner;
    const notebookId = await createNotebook(e2e, page, 'Scratch pad');
    await writeNote('Draft', 'words');
    await page.goto(`${e2e.appUrl}/`);
    const item = page.getByTestId('notebook-item').filter({ hasText: 'Scratch pad' });
    await page.getByRole('button', { name: 'Move to trash: Scratch pad' }).click();
    await item.getByRole('button', { name: 'Move to trash', exact: true }).click();
    await item.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Undo moving Scratch pad to the trash' }).click();
    await item.getByText('1 note').waitFor();

    await page.getByRole('button', { name: 'Move to trash: Scratch pad' }).click();
    await item.getByRole('button', { name: 'Move to trash', exact: true }).click();
    await item.waitFor({ state: 'detached' });
    await page.goto(`${e2e.appUrl}/trash`);
    const trashed = page.getByTestId('trashed-notebook').filter({ hasText: 'Scratch pad' });
    await page.getByRole('button', { name: 'Delete forever notebook Scratch pad' }).click();
    await trashed.getByText('This cannot be undone.').waitFor();
    await page.getByRole('button', { name: 'Yes, delete forever notebook Scratch pad' }).click();
    await trashed.waitFor({ state: 'detached' });
    const gone = await owner.client.from('notebooks').select('id').eq('id', notebookId);
    expect(gone.data).toEqual([]);
  });
});
