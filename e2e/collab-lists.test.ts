// Lists that follow what others do, in Chromium, without a reload: while one person looks at a
// notebook, another creates a note, renames it, moves it to the trash and restores it, and
// attaches a file — each shows on the first screen, and the open note's title follows a rename
// made in the note; a notebook shared with them appears in their sidebar, and renamed there too.
import { describe, expect, it } from 'vitest';
import { createNotebook, shareNotebook } from './notes-support/notes-steps.ts';
import { signedInPeople } from './collab-support/people.ts';

const people = signedInPeople('ana', 'ben');

describe('lists kept live', () => {
  it('show notes others create, rename, trash and restore, and files they attach', async () => {
    const { e2e, ana, ben } = people;
    const notebookId = await createNotebook(e2e, ana.page, 'Live list');
    await shareNotebook(ana.client, notebookId, ben.email, 'editor');
    const items = ana.page.getByTestId('note-item');

    const created = await ben.client
      .from('notes')
      .insert({ notebook_id: notebookId, title: 'From Ben', body: 'Hello.' })
      .select('id')
      .single();
    if (created.error) throw created.error;
    const id = (created.data as { id: string }).id;
    await items.filter({ hasText: 'From Ben' }).waitFor();

    await ben.client.from('notes').update({ title: 'Renamed by Ben' }).eq('id', id);
    await items.filter({ hasText: 'Renamed by Ben' }).waitFor();

    await ben.client.from('notes').update({ deleted_at: new Date().toISOString() }).eq('id', id);
    await items.filter({ hasText: 'Renamed by Ben' }).waitFor({ state: 'detached' });
    await ben.client.from('notes').update({ deleted_at: null }).eq('id', id);
    await items.filter({ hasText: 'Renamed by Ben' }).waitFor();

    await ana.page.getByRole('link', { name: 'Renamed by Ben' }).click();
    await ana.page.getByRole('heading', { name: 'Attachments' }).waitFor();
    const path = `${notebookId}/${id}/${crypto.randomUUID()}-plan.txt`;
    const upload = await ben.client.storage.from('attachments').upload(path, 'a plan');
    if (upload.error) throw upload.error;
    const row = await ben.client.from('attachments').insert({
      note_id: id,
      notebook_id: notebookId,
      path,
      file_name: 'plan.txt',
      size_bytes: 6,
      mime_type: 'text/plain',
    });
    if (row.error) throw row.error;
    await ana.page.locator('.att-item__name', { hasText: 'plan.txt' }).waitFor();

    // The open note's title follows a rename too — made in the note, as people rename it (the
    // title is the note's shared document's; stack/test/sheaf/collab-text.test.ts checks that a
    // direct write is refused once the document holds it).
    await ben.page.goto(`${e2e.appUrl}/n/${notebookId}/${id}`);
    await ben.page.getByRole('textbox', { name: 'Title' }).fill('Final title');
    await ana.page.getByRole('heading', { name: 'Final title' }).waitFor();
    await expect
      .poll(() => ana.page.getByRole('textbox', { name: 'Title' }).inputValue())
      .toBe('Final title');
    await items.filter({ hasText: 'Final title' }).waitFor();
  });

  it('shows a notebook shared with the person in their sidebar, and its new name', async () => {
    const { e2e, ana, ben } = people;
    await ben.page.goto(`${e2e.appUrl}/`);
    const sidebar = ben.page.getByRole('navigation', { name: 'Notebooks' });
    const notebookId = await createNotebook(e2e, ana.page, 'Shared later');
    await shareNotebook(ana.client, notebookId, ben.email, 'viewer');
    await sidebar.getByRole('link', { name: /Shared later/ }).waitFor();
    await ana.client.from('notebooks').update({ name: 'Shared and renamed' }).eq('id', notebookId);
    await sidebar.getByRole('link', { name: /Shared and renamed/ }).waitFor();
  });
});
