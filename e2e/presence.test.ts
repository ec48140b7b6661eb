// Who is here, in Chromium: two people in a note have different colours, the same on both
// screens; a long name is shown whole (wrapped, never cut at the right edge) at 360 px and
// 1280 px and read whole by screen readers; and a person who goes offline sees that who is here
// is not known (not a stale list), while the others see them leave — and come back.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openShared, sharedNote } from './collab-support/collab-steps.ts';
import { signedInPeople } from './collab-support/people.ts';
import { seriousViolations } from './support/axe.ts';
import { connection } from './support/network.ts';
import { screenshots } from './support/screenshots.ts';

const LONG_NAME = 'Benedikta Alexandrina Maximiliana Featherstonehaugh-Wolfeschlegelsteinhausen';

const people = signedInPeople('ana', 'ben');
let bensNetwork: Awaited<ReturnType<typeof connection>>;
beforeAll(async () => {
  bensNetwork = await connection(people.ben.context);
  const { data } = await people.ben.client.auth.getUser();
  const { error } = await people.ben.client
    .from('profiles')
    .update({ display_name: LONG_NAME })
    .eq('id', data.user!.id);
  if (error) throw error;
});

const inNote = (page: Page) => page.getByRole('list', { name: 'In this note now' });

/** Each listed person's name as read out and the colour of their avatar, on this screen. */
async function listed(page: Page): Promise<Map<string, string>> {
  const items = await inNote(page)
    .getByRole('listitem')
    .evaluateAll((lis) =>
      lis.map((li) => [
        (li.querySelector('.presence__name')?.textContent ?? '').split(',')[0]!.trim(),
        getComputedStyle(li.querySelector('.presence__avatar')!).backgroundColor,
      ]),
    );
  return new Map(items as [string, string][]);
}

describe('presence', () => {
  it('gives the people in a note different colours, the same on every screen, and whole names', async () => {
    const { e2e, ana, ben } = people;
    const note = await sharedNote(e2e, ana, [{ person: ben, role: 'editor' }], 'Colours', 'Hi.');
    await openShared(ben.page, note.url);
    await inNote(ana.page).getByText(LONG_NAME).waitFor();
    await inNote(ben.page).getByText(ana.email.split('@')[0]!).waitFor();
    const onAnas = await listed(ana.page);
    const onBens = await listed(ben.page);
    const anaName = `${ana.email.split('@')[0]!}`;
    const anaColour = onAnas.get(`${anaName} (you)`)!;
    const benColour = onAnas.get(LONG_NAME)!;
    expect(anaColour).toBeTruthy();
    expect(benColour).toBeTruthy();
    expect(anaColour).not.toBe(benColour);
    expect(onBens.get(anaName)).toBe(anaColour);
    expect(onBens.get(`${LONG_NAME} (you)`)).toBe(benColour);

    // The whole name is there for everyone: nothing of it is cut off at either width.
    for (const width of [360, 1280]) {
      await ana.page.setViewportSize({ width, height: 800 });
      const name = inNote(ana.page).locator('.presence__name', { hasText: LONG_NAME });
      // The name's own text (not its hidden ", editing") lies inside the box that shows it.
      const box = await name.evaluate((el) => {
        const range = document.createRange();
        range.selectNodeContents(el.firstChild!);
        const text = range.getBoundingClientRect();
        const shown = el.getBoundingClientRect();
        return {
          right: text.right,
          cut: text.right > shown.right + 0.5 || text.bottom > shown.bottom + 0.5,
          view: innerWidth,
        };
      });
      expect(box.cut).toBe(false);
      expect(box.right).toBeLessThanOrEqual(box.view);
    }
    await ana.page.setViewportSize({ width: 1280, height: 800 });
    await inNote(ana.page)
      .getByRole('listitem')
      .filter({ hasText: `${LONG_NAME}, editing` })
      .waitFor();
    expect(await seriousViolations(ana.page)).toEqual([]);
    await screenshots(ana.page, 'presence-long-name');
  });

  it('says who is here is not known while offline, and the others see them leave and return', async () => {
    const { e2e, ana, ben } = people;
    const note = await sharedNote(e2e, ana, [{ person: ben, role: 'editor' }], 'Away', 'Hi.');
    await openShared(ben.page, note.url);
    // Ben is here and editing on Ana's screen: what his tab said of itself has all arrived.
    await inNote(ana.page)
      .getByRole('listitem')
      .filter({ hasText: `${LONG_NAME}, editing` })
      .waitFor();

    await bensNetwork.offline();
    await ben.page.getByText('You are offline: who is here is not known.').first().waitFor();
    expect(await inNote(ben.page).count()).toBe(0); // no stale list
    // Ana sees Ben leave (his socket is gone; Realtime drops his presence with it).
    await inNote(ana.page).getByText(LONG_NAME).waitFor({ state: 'detached', timeout: 60_000 });
    expect(await seriousViolations(ben.page)).toEqual([]);
    await screenshots(ben.page, 'presence-offline');

    await bensNetwork.online();
    await inNote(ana.page).getByText(LONG_NAME).waitFor({ timeout: 60_000 });
    await inNote(ben.page).getByText(ana.email.split('@')[0]!).waitFor({ timeout: 60_000 });
  });
});
