// A server that stops answering while the browser stays online (Wi-Fi without internet, a server
// restarting), in Chromium: its requests are refused, or hang, and its sockets drop — while
// navigator.onLine stays true. The open note, the list and the sidebar stay on screen, typing
// goes on, the banner says Sheaf cannot be reached (not "offline"), and once the server answers
// again everything typed is stored — checked in the database — with no error page at any point.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bodyEditor, bodyText, signedInPerson, type Person } from './notes-support/notes-steps.ts';
import { seriousViolations } from './support/axe.ts';
import { startE2E, type E2E } from './support/harness.ts';
import { connection } from './support/network.ts';
import { screenshots } from './support/screenshots.ts';
import { unique } from './support/users.ts';

const UNREACHABLE = "Can't reach Sheaf — the server is not answering.";
const ERROR_PAGES = /Something went wrong|This page could not be shown|took too long/;

let e2e: E2E;
let ana: Person;
let network: Awaited<ReturnType<typeof connection>>;
let notebookId = '';
let noteId = '';
let otherId = '';

/** Set on a page, every note's copy on the device takes this long more to open (a slow device). */
type SlowCopies = Window & { __slowNoteCopies?: number };

/** Opening a note's IndexedDB database succeeds `__slowNoteCopies` ms late, while that is set. */
function slowNoteCopies() {
  const open = IDBFactory.prototype.open;
  const onsuccess = Object.getOwnPropertyDescriptor(IDBRequest.prototype, 'onsuccess')!;
  IDBFactory.prototype.open = function (this: IDBFactory, name: string, version?: number) {
    const request = open.call(this, name, version);
    const delay = (window as SlowCopies).__slowNoteCopies;
    if (delay && name.startsWith('sheaf-note:'))
      Object.defineProperty(request, 'onsuccess', {
        get: () => onsuccess.get!.call(request),
        set: (listener: (event: Event) => void) =>
          onsuccess.set!.call(request, (event: Event) =>
            setTimeout(() => listener.call(request, event), delay),
          ),
      });
    return request;
  };
}

beforeAll(async () => {
  e2e = await startE2E();
  ana = await signedInPerson(e2e, unique('ana-unreachable'), 'ana-unreachable-1');
  await ana.context.addInitScript(slowNoteCopies);
  network = await connection(ana.context, { server: e2e.stackUrl });
  const notebook = await ana.client.from('notebooks').insert({ name: 'Field notes' }).select('id');
  notebookId = (notebook.data as { id: string }[])[0]!.id;
  const notes = await ana.client
    .from('notes')
    .insert([
      { notebook_id: notebookId, title: 'Weather', body: 'Rain at noon.' },
      { notebook_id: notebookId, title: 'Birds', body: 'Two herons.' },
    ])
    .select('id, title');
  const rows = notes.data as { id: string; title: string }[];
  noteId = rows.find((r) => r.title === 'Weather')!.id;
  otherId = rows.find((r) => r.title === 'Birds')!.id;
});

afterAll(async () => {
  await e2e?.close();
});

/** The note's body as stored (notes.body is the merged text of its document). */
async function storedBody(id: string): Promise<string> {
  const { data, error } = await ana.client.from('notes').select('body').eq('id', id).single();
  if (error) throw error;
  return (data as { body: string }).body;
}

async function eventuallyStored(id: string, text: string, timeoutMs = 60_000) {
  const until = Date.now() + timeoutMs;
  let body = '';
  while (Date.now() < until) {
    body = await storedBody(id);
    if (body === text) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`stored body is ${JSON.stringify(body)}, expected ${JSON.stringify(text)}`);
}

async function typeAtEnd(text: string) {
  await bodyEditor(ana.page).click();
  await ana.page.keyboard.press('Control+End');
  await ana.page.keyboard.type(text, { delay: 15 });
}

/** The note, the list and the sidebar are all still there, and no error stands in for them. */
async function pageIsWhole() {
  const { page } = ana;
  expect(await page.evaluate(() => navigator.onLine)).toBe(true);
  await page
    .getByRole('region', { name: 'Field notes' })
    .getByRole('link', { name: /Birds/ })
    .waitFor();
  await page
    .getByRole('navigation', { name: 'Notebooks' })
    .getByRole('link', { name: /Field notes/ })
    .waitFor();
  await bodyEditor(page).waitFor();
  expect(await page.locator('body').innerText()).not.toMatch(ERROR_PAGES);
}

describe('a server that stops answering', () => {
  it('refusing connections: the page stays, typing goes on, and it is all stored when it is back', async () => {
    const { page } = ana;
    await page.goto(`${e2e.appUrl}/n/${notebookId}/${otherId}`);
    // Opened and loaded: its document is kept on the device from now on.
    await expect.poll(() => bodyText(page)).toBe('Two herons.');
    await page
      .getByRole('region', { name: 'Field notes' })
      .getByRole('link', { name: /Weather/ })
      .click();
    await page.waitForURL(`**/${noteId}`);
    await page.locator('.cm-content[contenteditable="true"]').waitFor();
    expect(await bodyText(page)).toBe('Rain at noon.');

    await network.unreachable('refuse');
    await typeAtEnd(' Sun by three.');
    const banner = page.getByRole('status').filter({ hasText: UNREACHABLE });
    await banner.waitFor();
    expect(await banner.innerText()).not.toContain('You are offline');
    await page
      .getByTestId('save-status')
      .filter({ hasText: 'Offline — changes kept on this device' })
      .waitFor();
    // Who is here is not known while the server does not answer (not a stale "here").
    await page.getByText('Sheaf is not answering: who is here is not known.').first().waitFor();

    // Going to the other note and back, and waiting past the request timeout, changes nothing.
    await page
      .getByRole('region', { name: 'Field notes' })
      .getByRole('link', { name: /Birds/ })
      .click();
    await page.waitForURL(`**/${otherId}`);
    expect(await bodyText(page)).toBe('Two herons.');
    await page
      .getByRole('region', { name: 'Field notes' })
      .getByRole('link', { name: /Weather/ })
      .click();
    await page.waitForURL(`**/${noteId}`);
    await typeAtEnd(' Wind later.');
    await page.waitForTimeout(22_000);
    await pageIsWhole();
    expect(await bodyText(page)).toBe('Rain at noon. Sun by three. Wind later.');
    expect(await seriousViolations(page)).toEqual([]);
    await screenshots(page, 'unreachable-note');

    await network.reachable();
    await banner.waitFor({ state: 'detached' });
    await eventuallyStored(noteId, 'Rain at noon. Sun by three. Wind later.');
    await page.getByTestId('save-status').filter({ hasText: 'All changes saved' }).waitFor();
    await pageIsWhole();
  });

  it('hanging: requests that never answer time out into the same state, and nothing is lost', async () => {
    const { page } = ana;
    await page.goto(`${e2e.appUrl}/n/${notebookId}/${noteId}`);
    await page.locator('.cm-content[contenteditable="true"]').waitFor();

    await network.unreachable('hang');
    await typeAtEnd(' Fog at dusk.');
    // Nothing answers: the first request gives up after its timeout and the banner says so.
    const banner = page.getByRole('status').filter({ hasText: UNREACHABLE });
    await banner.waitFor({ timeout: 45_000 });
    await typeAtEnd(' Stars.');
    await pageIsWhole();
    expect(await bodyText(page)).toBe(
      'Rain at noon. Sun by three. Wind later. Fog at dusk. Stars.',
    );

    await network.reachable();
    await banner.waitFor({ state: 'detached', timeout: 45_000 });
    await eventuallyStored(noteId, 'Rain at noon. Sun by three. Wind later. Fog at dusk. Stars.');
    await pageIsWhole();
  });

  it('keys typed while the device copy opens go in where the caret was put, after the edits the server never got', async () => {
    const { page } = ana;
    await page.goto(`${e2e.appUrl}/n/${notebookId}/${otherId}`);
    await page.locator('.cm-content[contenteditable="true"]').waitFor();
    expect(await bodyText(page)).toBe('Two herons.');
    // Typed while the server refuses: on this device only, so the page's copy of the row (what
    // the editor shows until the device's copy is open) still says "Two herons.".
    await network.unreachable('refuse');
    await typeAtEnd(' Three egrets.');
    await page
      .getByTestId('save-status')
      .filter({ hasText: 'Offline — changes kept on this device' })
      .waitFor();

    // A device slow to open the note's copy: the row's text shows for a while first.
    const reopen = async (ms: number) => {
      await page
        .getByRole('region', { name: 'Field notes' })
        .getByRole('link', { name: /Weather/ })
        .click();
      await page.waitForURL(`**/${noteId}`);
      await page.evaluate((delay) => ((window as SlowCopies).__slowNoteCopies = delay), ms);
      await page
        .getByRole('region', { name: 'Field notes' })
        .getByRole('link', { name: /Birds/ })
        .click();
      await page.waitForURL(`**/${otherId}`);
      await bodyEditor(page).waitFor();
      expect(await bodyText(page)).toBe('Two herons.');
    };

    // Typed at the end while it opens: held, then typed at the end of the device's copy.
    await reopen(8000);
    await typeAtEnd(' A kingfisher.');
    const title = page.getByRole('textbox', { name: 'Title' });
    await title.click();
    await page.keyboard.press('End');
    await page.keyboard.type(' by the pond', { delay: 15 });
    await page.evaluate(() => ((window as SlowCopies).__slowNoteCopies = 0));
    // Still opening after a moment: it says where the keys went.
    await page.getByRole('status').filter({ hasText: 'Opening the note' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshots(page, 'opening-holds-typing');
    await expect.poll(() => bodyText(page)).toBe('Two herons. Three egrets. A kingfisher.');
    expect(await title.inputValue()).toBe('Birds by the pond');

    // The caret put at the end while it opens, the keys after: they go at the end too, not
    // after "Two herons." (where the end of the row's text was).
    await reopen(4000);
    await bodyEditor(page).click();
    await page.keyboard.press('Control+End');
    await page.evaluate(() => ((window as SlowCopies).__slowNoteCopies = 0));
    await page.locator('.cm-content[contenteditable="true"]').waitFor();
    await page.keyboard.type(' Gulls.', { delay: 15 });
    const all = 'Two herons. Three egrets. A kingfisher. Gulls.';
    expect(await bodyText(page)).toBe(all);

    await network.reachable();
    await eventuallyStored(otherId, all);
    await expect
      .poll(async () => {
        const { data } = await ana.client.from('notes').select('title').eq('id', otherId).single();
        return (data as { title: string } | null)?.title;
      })
      .toBe('Birds by the pond');
    await pageIsWhole();
  });

  it('a list whose first load meets a server that does not answer waits, then loads by itself', async () => {
    const { page } = ana;
    const fresh = await ana.client.from('notebooks').insert({ name: 'Later' }).select('id');
    const freshId = (fresh.data as { id: string }[])[0]!.id;
    await page.goto(`${e2e.appUrl}/`);
    await page
      .getByRole('navigation', { name: 'Notebooks' })
      .getByRole('link', { name: /Later/ })
      .waitFor();
    await network.unreachable('refuse');
    await page
      .getByRole('navigation', { name: 'Notebooks' })
      .getByRole('link', { name: /Later/ })
      .click();
    // Never opened here: it says so rather than failing, and offers to try now.
    await page.getByTestId('not-on-device').first().waitFor();
    await page.getByRole('status').filter({ hasText: UNREACHABLE }).waitFor();
    expect(await page.locator('body').innerText()).not.toMatch(ERROR_PAGES);
    await screenshots(page, 'unreachable-not-on-device');
    await network.reachable();
    // The probe notices by itself; "Try now" only asks sooner.
    const tryNow = page.getByRole('button', { name: 'Try now' });
    if (await tryNow.isVisible()) await tryNow.click({ timeout: 5000 }).catch(() => undefined);
    await page.getByRole('heading', { level: 1, name: 'Later' }).waitFor({ timeout: 45_000 });
    expect(new URL(page.url()).pathname).toBe(`/n/${freshId}`);
  });
});
