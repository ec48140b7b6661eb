// A note's title edited by two people at once, in Chromium: it merges as the body does. Live,
// each sees the other's words as they are typed; typed at the same moment while apart (both
// offline: the same as typing at the same instant, for a merge), both keep their words once
// they are back — on both screens, in the stored title and in the notebook's list.
import { beforeAll, describe, expect, it } from 'vitest';
import { openShared, sharedNote } from './collab-support/collab-steps.ts';
import { signedInPeople } from './collab-support/people.ts';
import { waitSaved } from './notes-support/notes-steps.ts';
import { connection } from './support/network.ts';

const people = signedInPeople('ana', 'ben');
let anasNetwork: Awaited<ReturnType<typeof connection>>;
let bensNetwork: Awaited<ReturnType<typeof connection>>;
beforeAll(async () => {
  anasNetwork = await connection(people.ana.context);
  bensNetwork = await connection(people.ben.context);
});

const title = (page: (typeof people)['ana']['page']) => page.getByLabel('Title');

/** Types at the start (home) or the end of the title, key by key. */
async function typeInTitle(page: (typeof people)['ana']['page'], at: 'Home' | 'End', text: string) {
  await title(page).click();
  await page.keyboard.press(at);
  await page.keyboard.type(text, { delay: 15 });
}

describe('a shared title', () => {
  it('shows each person’s title edits on the other’s screen as they type', async () => {
    const { e2e, ana, ben } = people;
    const note = await sharedNote(e2e, ana, [{ person: ben, role: 'editor' }], 'Trip', 'Plans.');
    await openShared(ben.page, note.url);
    await expect.poll(() => title(ben.page).inputValue()).toBe('Trip');
    await typeInTitle(ana.page, 'End', ' to Osaka');
    await expect
      .poll(() => title(ben.page).inputValue(), { timeout: 20_000 })
      .toBe('Trip to Osaka');
    // Ben's caret stays where he types while Ana's words arrive in front of it.
    await typeInTitle(ben.page, 'End', ' in May');
    await typeInTitle(ana.page, 'Home', 'Our ');
    await expect
      .poll(() => title(ana.page).inputValue(), { timeout: 20_000 })
      .toBe('Our Trip to Osaka in May');
    await expect
      .poll(() => title(ben.page).inputValue(), { timeout: 20_000 })
      .toBe('Our Trip to Osaka in May');
  });

  it('keeps both people’s words when they change the title at the same time', async () => {
    const { e2e, ana, ben } = people;
    const note = await sharedNote(e2e, ana, [{ person: ben, role: 'editor' }], 'Trip', 'Go.');
    await openShared(ben.page, note.url);
    await expect.poll(() => title(ben.page).inputValue()).toBe('Trip');

    await anasNetwork.offline();
    await bensNetwork.offline();
    await typeInTitle(ana.page, 'Home', 'Japan ');
    await typeInTitle(ben.page, 'End', ' plan');
    expect(await title(ana.page).inputValue()).toBe('Japan Trip');
    expect(await title(ben.page).inputValue()).toBe('Trip plan');
    await anasNetwork.online();
    await bensNetwork.online();

    const merged = 'Japan Trip plan';
    for (const page of [ana.page, ben.page])
      await expect.poll(() => title(page).inputValue(), { timeout: 30_000 }).toBe(merged);
    await waitSaved(ana.page);
    await expect
      .poll(
        async () =>
          (await ana.client.from('notes').select('title').eq('id', note.noteId).single()).data
            ?.title,
        { timeout: 20_000 },
      )
      .toBe(merged);
    // The notebook's list says the same, on both screens.
    for (const page of [ana.page, ben.page])
      await page
        .getByRole('region', { name: 'Notes' })
        .getByRole('link', { name: merged, exact: true })
        .waitFor({ timeout: 20_000 });
  });

  it('keeps each note’s own title when going from one note to another', async () => {
    const { e2e, ana } = people;
    const first = await sharedNote(e2e, ana, [], 'Seeds', 'Sow in spring.');
    const { data } = await ana.client
      .from('notes')
      .insert({ notebook_id: first.notebookId, title: 'Compost', body: 'Turn it weekly.' })
      .select('id')
      .single();
    const list = ana.page.getByRole('region', { name: 'Notes' });
    for (const name of ['Compost', 'Seeds', 'Compost', 'Seeds']) {
      await list.getByRole('link', { name, exact: true }).click();
      await ana.page.locator('.cm-content[contenteditable="true"]').waitFor();
      await expect.poll(() => title(ana.page).inputValue()).toBe(name);
    }
    await ana.page.waitForTimeout(1500);
    const { data: titles } = await ana.client
      .from('notes')
      .select('id, title')
      .in('id', [first.noteId, data!.id]);
    expect(Object.fromEntries(titles!.map((n) => [n.id, n.title]))).toEqual({
      [first.noteId]: 'Seeds',
      [data!.id]: 'Compost',
    });
  });
});
