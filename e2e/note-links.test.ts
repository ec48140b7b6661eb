// Links between notes in Chromium: `[[` in the body suggests notes by title (accents folded) and
// inserts the link; the preview shows it with the target's current title, follows renames and
// leads to the note; the target lists what links to it ("Linked from"), and that leads back.
// "Move to…" takes a note with its attached file and its backlink to another notebook.
// Screenshots and axe scans of the suggestions, the preview, "Linked from" and "Move to…".
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bodyEditor,
  bodyText,
  createNotebook,
  newNote,
  noteAction,
  signedInPerson,
  waitSaved,
  type Person,
} from './notes-support/notes-steps.ts';
import { seriousViolations } from './support/axe.ts';
import { startE2E, type E2E } from './support/harness.ts';
import { SCREENSHOT_DIR, screenshots } from './support/screenshots.ts';
import { unique } from './support/users.ts';

let e2e: E2E;
let person: Person;

beforeAll(async () => {
  e2e = await startE2E();
  person = await signedInPerson(e2e, unique('links'), 'links-person-pass-1');
});

afterAll(async () => {
  await e2e?.close();
});

describe('links between notes', () => {
  it('`[[` links to a note by title, follows its rename, and the backlink leads back', async () => {
    const { page } = person;
    const notebookId = await createNotebook(e2e, page, 'Travel');
    const notesList = page.getByRole('region', { name: 'Notes' });

    // The note to link to.
    const targetId = await newNote(page);
    await page.getByLabel('Title').fill('Kyōto temples');
    await bodyEditor(page).click();
    await page.keyboard.type('Go early.');
    await waitSaved(page);

    // The note that links to it: `[[kyoto` (no accent) offers it; Enter inserts the link.
    await page.goto(`${e2e.appUrl}/n/${notebookId}`);
    await notesList.getByRole('link', { name: 'Kyōto temples', exact: true }).waitFor();
    const sourceId = await newNote(page);
    await page.getByLabel('Title').fill('Japan trip');
    await waitSaved(page);
    await bodyEditor(page).click();
    await page.keyboard.type('Day 2: ');
    // Stored and shared (the editor switches to the shared text once: an open list would close).
    await waitSaved(page);
    await expect.poll(() => bodyText(page)).toBe('Day 2: ');
    await expect
      .poll(async () => (await person.client.from('notes').select('body').eq('id', sourceId)).data)
      .toEqual([{ body: 'Day 2: ' }]);
    await page.keyboard.type('[[kyoto', { delay: 20 });
    const suggestions = page.getByRole('listbox', { name: 'Suggestions' });
    await suggestions.getByRole('option', { name: /Kyōto temples/ }).waitFor();
    expect(await suggestions.getByRole('option').count()).toBe(1);
    await expect.poll(() => bodyEditor(page).getAttribute('aria-activedescendant')).toBeTruthy();
    // (At its own width: resizing the window closes the list, as it does for a person.)
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'note-link-suggestions.png') });
    expect(await seriousViolations(page)).toEqual([]);
    await suggestions.getByRole('option', { name: /Kyōto temples/ }).waitFor();
    await page.keyboard.press('Enter');
    await expect.poll(() => suggestions.count()).toBe(0);
    await page.keyboard.type(' then lunch.');
    const link = `[Kyōto temples](sheaf:note/${targetId})`;
    await expect.poll(() => bodyText(page)).toBe(`Day 2: ${link} then lunch.`);
    await waitSaved(page);
    // Escape closes the list and leaves what was typed.
    await page.keyboard.type(' [[');
    await suggestions.waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => suggestions.count()).toBe(0);
    await page.keyboard.press('Backspace');
    await page.keyboard.press('Backspace');
    await page.keyboard.press('Backspace');
    await expect.poll(() => bodyText(page)).toBe(`Day 2: ${link} then lunch.`);
    await waitSaved(page);
    const stored = await person.client.from('notes').select('body').eq('id', sourceId).single();
    expect(stored.data?.body).toBe(`Day 2: ${link} then lunch.`);

    // The preview shows a link to the note's page, with its title.
    await page.getByRole('button', { name: 'Reading view' }).click();
    const preview = page.getByRole('region', { name: 'Reading view' });
    const shown = preview.getByRole('link', { name: 'Kyōto temples', exact: true });
    await shown.waitFor();
    expect(await shown.getAttribute('href')).toBe(`/n/${notebookId}/${targetId}`);

    // Renamed, the link shows the new title (the text in the body is left as written).
    await notesList.getByRole('link', { name: 'Kyōto temples', exact: true }).click();
    await page.waitForURL(`**/n/${notebookId}/${targetId}`);
    const title = page.getByLabel('Title');
    await title.click();
    await title.press('End');
    for (let i = 0; i < 'temples'.length; i += 1) await title.press('Backspace');
    await page.keyboard.type('gardens');
    await waitSaved(page);
    await notesList.getByRole('link', { name: 'Japan trip', exact: true }).click();
    await page.waitForURL(`**/n/${notebookId}/${sourceId}`);
    await page.getByRole('button', { name: 'Reading view' }).click();
    const renamed = preview.getByRole('link', { name: 'Kyōto gardens', exact: true });
    await renamed.waitFor();
    expect(await preview.getByText('Kyōto temples').count()).toBe(0);
    await screenshots(page, 'note-link-preview');

    // Following it opens the note in the app, which lists the note that links to it.
    await renamed.click();
    await page.waitForURL(`**/n/${notebookId}/${targetId}`);
    await expect.poll(() => page.getByLabel('Title').inputValue()).toBe('Kyōto gardens');
    const linkedFrom = page.getByRole('region', { name: 'Linked from' });
    const back = linkedFrom.getByRole('link', { name: 'Japan trip', exact: true });
    await back.waitFor();
    await back.scrollIntoViewIfNeeded();
    await screenshots(page, 'note-linked-from');
    expect(await seriousViolations(page)).toEqual([]);
    await back.click();
    await page.waitForURL(`**/n/${notebookId}/${sourceId}`);
    await expect.poll(() => page.getByLabel('Title').inputValue()).toBe('Japan trip');
    // Nothing links to the first note: its own list says so.
    await page
      .getByRole('region', { name: 'Linked from' })
      .getByText('No notes link here yet.', { exact: false })
      .waitFor();
  });

  it('shows a link to a note deleted for good as "unavailable note", never its title', async () => {
    const { page } = person;
    const notebookId = await createNotebook(e2e, page, 'Archive');
    const gone = await person.client
      .from('notes')
      .insert({ notebook_id: notebookId, title: 'Old plan', body: 'x' })
      .select('id')
      .single();
    const goneId = gone.data!.id as string;
    await person.client
      .from('notes')
      .update({ deleted_at: new Date().toISOString() })
      .eq('id', goneId);
    const removed = await person.client.from('notes').delete().eq('id', goneId);
    expect(removed.error).toBeNull();
    const source = await person.client
      .from('notes')
      .insert({
        notebook_id: notebookId,
        title: 'Index',
        body: `See [Old plan](sheaf:note/${goneId}).`,
      })
      .select('id')
      .single();
    await page.goto(`${e2e.appUrl}/n/${notebookId}/${source.data!.id as string}`);
    await page.getByRole('button', { name: 'Reading view' }).click();
    const preview = page.getByRole('region', { name: 'Reading view' });
    await preview.getByText('unavailable note').waitFor();
    expect(await preview.getByText('Old plan').count()).toBe(0);
    expect(await preview.getByRole('link').count()).toBe(0);
  });

  it('moves a note to another notebook with its attached file and its backlink', async () => {
    const { page, client } = person;
    const from = await createNotebook(e2e, page, 'Drafts');
    const to = await createNotebook(e2e, page, 'Published');
    const note = await client
      .from('notes')
      .insert({ notebook_id: from, title: 'Essay', body: 'First draft.' })
      .select('id')
      .single();
    const noteId = note.data!.id as string;
    const oldPath = `${from}/${noteId}/f1-outline.txt`;
    expect(
      (await client.storage.from('attachments').upload(oldPath, new Blob(['outline']))).error,
    ).toBeNull();
    const row = await client.from('attachments').insert({
      note_id: noteId,
      notebook_id: from,
      path: oldPath,
      file_name: 'outline.txt',
      size_bytes: 7,
      mime_type: 'text/plain',
    });
    expect(row.error).toBeNull();
    await client
      .from('notes')
      .insert({ notebook_id: to, title: 'Reading list', body: `[e](sheaf:note/${noteId})` });

    await page.goto(`${e2e.appUrl}/n/${from}/${noteId}`);
    await noteAction(page, 'Move to…');
    const dialog = page.getByRole('dialog', { name: 'Move to another notebook' });
    const select = dialog.getByLabel('Notebook');
    await select.waitFor();
    // Only the other notebooks this person edits are offered.
    const offered = await select.locator('option').allTextContents();
    expect(offered).toContain('Published');
    expect(offered).not.toContain('Drafts');
    await select.selectOption({ label: 'Published' });
    await screenshots(page, 'note-move-dialog');
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Move', exact: true }).click();
    await page.waitForURL(`**/n/${to}/${noteId}`);
    await expect.poll(() => dialog.count()).toBe(0);
    await expect.poll(() => page.getByLabel('Title').inputValue()).toBe('Essay');
    await page.getByRole('region', { name: 'Published' }).waitFor();
    await page.getByTestId('attachment').filter({ hasText: 'outline.txt' }).waitFor();
    await page
      .getByRole('region', { name: 'Linked from' })
      .getByRole('link', { name: 'Reading list', exact: true })
      .waitFor();
    // The file itself is in the new notebook's folder.
    const newPath = `${to}/${noteId}/f1-outline.txt`;
    const moved = await client.storage.from('attachments').download(newPath);
    expect(await moved.data?.text()).toBe('outline');
    const stored = await client.from('attachments').select('path').eq('note_id', noteId);
    expect(stored.data).toEqual([{ path: newPath }]);
  });
});
