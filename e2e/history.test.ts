// A note's history in Chromium, as people use it: two people editing a note in turns make one
// version naming both, with what changed; after a pause the next edits are a new version;
// restoring asks first, keeps the current text as a version of its own, and restoring the oldest
// then the newest earlier version gives back every character; "Restore as a copy" opens a new
// note with the version's title, text and tags; a viewer reads the history but cannot restore.
// A pause is made by moving the note's sessions back in time in the database (as a clock
// would), never by waiting. Screenshots at 360 and 1280 px, and axe, of the dialog with a diff.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { converged, openShared, sharedNote, typeAtEnd } from './collab-support/collab-steps.ts';
import { signedInPeople } from './collab-support/people.ts';
import { noteAction, waitSaved, type Person } from './notes-support/notes-steps.ts';
import { seriousViolations } from './support/axe.ts';
import { screenshots } from './support/screenshots.ts';

const people = signedInPeople('ana', 'ben', 'cleo');

const nameOf = (p: Person) => p.email.split('@')[0]!;

/** Waits until the note's stored text is `body` (what the history is made from). */
async function stored(person: Person, noteId: string, body: string) {
  await expect
    .poll(
      async () =>
        (await person.client.from('notes').select('body').eq('id', noteId).single()).data?.body,
      { timeout: 30_000 },
    )
    .toBe(body);
}

/** Moves the note's editing sessions `minutes` back, as if that long had passed since. */
async function timePasses(noteId: string, minutes: number) {
  await people.e2e.stack.db.query(
    `update public.note_versions
     set started_at = started_at - make_interval(mins => $2),
         edited_at = edited_at - make_interval(mins => $2)
     where note_id = $1`,
    [noteId, minutes],
  );
}

async function openHistory(page: Page) {
  await noteAction(page, 'History');
  const dialog = page.getByRole('dialog', { name: 'Note history' });
  const list = dialog.getByRole('list', { name: 'Versions, newest first' });
  await list.waitFor();
  return { dialog, list, items: list.getByRole('button') };
}

describe('a note’s history', () => {
  let noteId = '';
  let url = '';
  let turns = '';

  it('keeps two people taking turns as one version naming both, with what changed', async () => {
    const { e2e, ana, ben, cleo } = people;
    const note = await sharedNote(
      e2e,
      ana,
      [
        { person: ben, role: 'editor' },
        { person: cleo, role: 'viewer' },
      ],
      'Compost plan',
      'Turn the heap.',
    );
    ({ noteId, url } = note);
    const tags = ana.page.getByLabel('Tags');
    await tags.fill('garden');
    await tags.press('Enter');
    await ana.page.getByRole('list', { name: 'Tags of this note' }).getByText('#garden').waitFor();
    await waitSaved(ana.page);
    await openShared(ben.page, url);
    turns = 'Turn the heap.';
    for (const [person, words] of [
      [ana, ' Ana: weekly.'],
      [ben, ' Ben: add leaves.'],
      [ana, ' Ana: keep it damp.'],
      [ben, ' Ben: cover in winter.'],
    ] as const) {
      await typeAtEnd(person.page, words);
      turns += words;
      await converged([ana.page, ben.page], (t) => t === turns);
    }
    await stored(ana, noteId, turns);

    const { dialog, items } = await openHistory(ana.page);
    await expect.poll(() => items.count()).toBe(1);
    const only = items.first();
    await expect.poll(() => only.textContent()).toMatch(/^Today, /);
    expect(await only.textContent()).toContain(nameOf(ana));
    expect(await only.textContent()).toContain(nameOf(ben));
    const changes = dialog.getByRole('region', { name: 'Changes made in this version' });
    await changes.locator('ins', { hasText: 'cover in winter' }).first().waitFor();
    await dialog.getByRole('button', { name: 'Close' }).click();
  });

  it('starts a new version after a pause; restoring asks, keeps the current text, and oldest then newest loses nothing', async () => {
    const { ana, ben } = people;
    await timePasses(noteId, 15);
    const later = '\n\nAfter the pause, by Ben: the heap is ready in spring.';
    await typeAtEnd(ben.page, later);
    const current = turns + later;
    await converged([ana.page, ben.page], (t) => t === current);
    await stored(ana, noteId, current);

    const { dialog, items } = await openHistory(ana.page);
    await expect.poll(() => items.count()).toBe(2);
    expect(await items.nth(0).textContent()).toContain(nameOf(ben));
    expect(await items.nth(0).textContent()).not.toContain(nameOf(ana));
    // The keyboard moves through the list: Down chooses the older version.
    await items.nth(0).focus();
    await ana.page.keyboard.press('ArrowDown');
    await expect.poll(() => items.nth(1).getAttribute('aria-pressed')).toBe('true');
    // Against the current text: Ben's later paragraph is what has been added since.
    await dialog.getByRole('radio', { name: 'Changes since' }).check();
    const since = dialog.getByRole('region', {
      name: 'Changes since this version, up to the current text',
    });
    await since.locator('ins', { hasText: 'the heap is ready in spring' }).first().waitFor();
    await screenshots(ana.page, 'note-history');
    expect(await seriousViolations(ana.page)).toEqual([]);

    // Restore asks first, and Cancel changes nothing.
    await dialog.getByRole('button', { name: 'Restore this version…' }).click();
    const ask = dialog.getByRole('group', { name: /^Restore the version of Today, / });
    await ask.getByText('The note’s current text is kept in history').waitFor();
    await ask.getByRole('button', { name: 'Cancel' }).click();
    await ask.waitFor({ state: 'detached' });
    expect(await items.count()).toBe(2);
    await dialog.getByRole('button', { name: 'Restore this version…' }).click();
    await screenshots(ana.page, 'note-history-restore');
    await ask.getByRole('button', { name: 'Yes, restore this version' }).click();
    await dialog.waitFor({ state: 'detached' });
    await converged([ana.page, ben.page], (t) => t === turns);
    await stored(ana, noteId, turns);

    // The text from before the restore is still in history, as the newest earlier version.
    const again = await openHistory(ana.page);
    await expect.poll(() => again.items.count()).toBe(3);
    expect(await again.items.nth(0).textContent()).toContain('Restored an earlier version');
    await again.items.nth(1).click();
    await again.dialog.getByRole('radio', { name: 'Full text' }).check();
    await again.dialog.getByText('the heap is ready in spring', { exact: false }).waitFor();
    await again.dialog.getByRole('button', { name: 'Restore this version…' }).click();
    await again.dialog.getByRole('button', { name: 'Yes, restore this version' }).click();
    await again.dialog.waitFor({ state: 'detached' });
    // Every character is back, on both screens and in the database.
    expect(await converged([ana.page, ben.page], (t) => t === current)).toBe(current);
    await stored(ana, noteId, current);
    const last = await openHistory(ana.page);
    await expect.poll(() => last.items.count()).toBe(4);
    await last.dialog.getByRole('button', { name: 'Close' }).click();
  });

  it('restores a version as a copy: a new note with its title, text and tags, opened', async () => {
    const { ana } = people;
    const { dialog, items } = await openHistory(ana.page);
    const oldest = items.last();
    await oldest.click();
    await dialog.getByRole('button', { name: 'Restore as a copy' }).click();
    await dialog.waitFor({ state: 'detached' });
    await ana.page.waitForURL(
      (u) => !u.pathname.endsWith(noteId) && /\/n\/[^/]+\/[^/]+$/.test(u.pathname),
    );
    const copyId = new URL(ana.page.url()).pathname.split('/')[3]!;
    await expect.poll(() => ana.page.getByLabel('Title').inputValue()).toBe('Compost plan');
    expect(await converged([ana.page], (t) => t === turns)).toBe(turns);
    const { data } = await ana.client
      .from('notes')
      .select('title, body, tags, notebook_id')
      .eq('id', copyId)
      .single();
    const original = await ana.client.from('notes').select('notebook_id').eq('id', noteId).single();
    expect(data).toEqual({
      title: 'Compost plan',
      body: turns,
      tags: ['garden'],
      notebook_id: original.data!.notebook_id,
    });
    // The original note is as it was.
    await ana.page.goto(url);
    await stored(ana, noteId, turns + '\n\nAfter the pause, by Ben: the heap is ready in spring.');
  });

  it('lets a viewer read the history and the changes, but not restore', async () => {
    const { cleo } = people;
    await openShared(cleo.page, url, false);
    const { dialog, items } = await openHistory(cleo.page);
    await expect.poll(() => items.count()).toBe(4);
    await items.nth(1).click();
    const changes = dialog.getByRole('region', { name: 'Changes made in this version' });
    await changes.waitFor();
    // By lines: the paragraph the restore took out, line by line, with − beside it.
    await dialog.getByRole('radio', { name: 'Lines' }).check();
    await changes
      .locator('del', { hasText: 'After the pause, by Ben: the heap is ready in spring.' })
      .waitFor();
    await screenshots(cleo.page, 'note-history-viewer');
    await dialog.getByText('Only the notebook’s editors can restore versions.').waitFor();
    expect(await dialog.getByRole('button', { name: 'Restore this version…' }).count()).toBe(0);
    expect(await dialog.getByRole('button', { name: 'Restore as a copy' }).count()).toBe(0);
    expect(await seriousViolations(cleo.page)).toEqual([]);
  });
});
