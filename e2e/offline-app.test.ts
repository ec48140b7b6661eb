// The app opened with no network, in Chromium: once a person has used Sheaf on this device its
// service worker holds the app, and their notebooks, lists and the notes they opened here are
// kept on the device — so a reload offline (setOffline plus dropped sockets) opens the app, not
// the browser's error page, with the note editable; what is typed then is stored once the
// network is back (checked in the database). A note never opened here says so. The app is
// installable (a manifest with icons, a worker in control; Chromium's own check finds nothing
// missing); it opens offline even once the session's token has expired (refreshed when back);
// and the copy kept for one account is gone when they sign out.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bodyEditor,
  bodyText,
  signedInPerson,
  waitSaved,
  writeBody,
  type Person,
} from './notes-support/notes-steps.ts';
import { seriousViolations } from './support/axe.ts';
import { startE2E, type E2E } from './support/harness.ts';
import { connection } from './support/network.ts';
import { expireStoredSession } from './support/session.ts';
import { screenshots } from './support/screenshots.ts';
import { unique } from './support/users.ts';

let e2e: E2E;
let eve: Person;
let network: Awaited<ReturnType<typeof connection>>;
let notebookId = '';
let noteId = '';
let unopenedId = '';

beforeAll(async () => {
  e2e = await startE2E();
  eve = await signedInPerson(e2e, unique('eve-offline'), 'eve-offline-pass-1');
  network = await connection(eve.context);
});

afterAll(async () => {
  await e2e?.close();
});

async function storedBody(id: string): Promise<string> {
  const { data, error } = await eve.client.from('notes').select('body').eq('id', id).single();
  if (error) throw error;
  return (data as { body: string }).body;
}

/** What this device keeps of the user's query cache (lib/query/persisted-cache.ts), as JSON;
 * '' when nothing. */
function keptCacheOf(userId: string): Promise<string> {
  return eve.page.evaluate(
    (id) =>
      new Promise<string>((resolve) => {
        const open = indexedDB.open('sheaf-query-cache', 1);
        open.onupgradeneeded = () => open.result.createObjectStore('users');
        open.onsuccess = () => {
          const get = open.result.transaction('users').objectStore('users').get(id);
          get.onsuccess = () => {
            open.result.close();
            resolve(get.result === undefined ? '' : JSON.stringify(get.result));
          };
          get.onerror = () => resolve('');
        };
        open.onerror = () => resolve('');
      }),
    userId,
  );
}

describe('the app offline', () => {
  it('is installable: a manifest with icons and a service worker in control', async () => {
    // A context of its own: Chromium's check goes through a CDP session of the test's.
    const { context, page } = await e2e.newPage();
    await page.goto(`${e2e.appUrl}/sign-in`);
    const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    expect(scope).toBe(`${e2e.appUrl}/`);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    const manifest = (await (await page.request.get(new URL(href!, e2e.appUrl).href)).json()) as {
      name: string;
      display: string;
      start_url: string;
      icons: { src: string; sizes: string; purpose?: string }[];
    };
    expect(manifest).toMatchObject({ name: 'Sheaf', display: 'standalone', start_url: '/' });
    expect(manifest.icons.map((i) => i.sizes)).toEqual(
      expect.arrayContaining(['192x192', '512x512']),
    );
    for (const icon of manifest.icons) {
      const response = await page.request.get(new URL(icon.src, e2e.appUrl).href);
      expect(response.headers()['content-type']).toBe('image/png');
    }
    // Chromium's own installability check finds nothing missing (a test browser's context is
    // always incognito, which that check reports of the browser, not of the app).
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: { errorId: string }[];
    };
    expect(installabilityErrors.filter((e) => e.errorId !== 'in-incognito')).toEqual([]);
    await context.close();
  });

  it('opens offline with the notebooks, the list and a note kept on the device, editable, stored when back', async () => {
    const { page } = eve;
    // Used online first: a notebook made on the page, a note written and opened.
    await page.goto(`${e2e.appUrl}/`);
    await page.getByRole('textbox', { name: 'New notebook' }).fill('Travel');
    await page.getByRole('button', { name: 'Create notebook' }).click();
    await page.waitForURL(/\/n\/[0-9a-f-]{36}$/);
    notebookId = new URL(page.url()).pathname.split('/')[2]!;
    await page.getByRole('button', { name: 'New note' }).click();
    await page.waitForURL(/\/n\/[0-9a-f-]{36}\/[0-9a-f-]{36}$/);
    noteId = new URL(page.url()).pathname.split('/')[3]!;
    await page.getByLabel('Title').fill('Packing');
    await writeBody(page, 'Passport.');
    await waitSaved(page);
    await page.locator('.cm-content[contenteditable="true"]').waitFor();
    // A second note, made elsewhere and never opened on this device.
    const other = await eve.client
      .from('notes')
      .insert({ notebook_id: notebookId, title: 'Never opened', body: 'Elsewhere.' })
      .select('id');
    unopenedId = (other.data as { id: string }[])[0]!.id;
    await page
      .getByRole('region', { name: 'Travel' })
      .getByRole('link', { name: /Never opened/ })
      .waitFor();
    await page
      .getByRole('region', { name: 'Travel' })
      .getByRole('link', { name: /Packing/ })
      .click();
    await page.locator('.cm-content[contenteditable="true"]').waitFor();
    const { data: who } = await eve.client.auth.getUser();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    // The cache is written a second after it changes: wait until it holds the list as shown.
    await expect
      .poll(() => keptCacheOf(who.user!.id), { timeout: 10_000 })
      .toContain('Never opened');

    await network.offline();
    await page.reload();
    // Not the browser's error page: the app, with the notebooks, the list and the note.
    await page
      .getByRole('status')
      .filter({ hasText: 'You are offline. Check your connection' })
      .waitFor();
    await page
      .getByRole('navigation', { name: 'Notebooks' })
      .getByRole('link', { name: /Travel/ })
      .waitFor();
    await page
      .getByRole('region', { name: 'Travel' })
      .getByRole('link', { name: /Never opened/ })
      .waitFor();
    await page.locator('.cm-content[contenteditable="true"]').waitFor();
    expect(await bodyText(page)).toBe('Passport.');
    await page.getByText('You are offline: who is here is not known.').first().waitFor();

    await bodyEditor(page).click();
    await page.keyboard.press('Control+End');
    await page.keyboard.type(' Charger.', { delay: 15 });
    await page
      .getByRole('status')
      .filter({ hasText: '1 note has changes not yet saved; they are kept on this device.' })
      .waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshots(page, 'offline-app-note');

    // A note never opened here says so, instead of an error.
    await page
      .getByRole('region', { name: 'Travel' })
      .getByRole('link', { name: /Never opened/ })
      .click();
    await page.waitForURL(`**/${unopenedId}`);
    await page.getByTestId('not-on-device').waitFor();
    expect(await page.getByTestId('not-on-device').innerText()).toContain(
      'It opens as soon as you are back online.',
    );
    expect(await seriousViolations(page)).toEqual([]);
    await screenshots(page, 'offline-app-not-on-device');
    await page
      .getByRole('region', { name: 'Travel' })
      .getByRole('link', { name: /Packing/ })
      .click();
    await page.locator('.cm-content[contenteditable="true"]').waitFor();

    await network.online();
    await expect.poll(() => storedBody(noteId), { timeout: 45_000 }).toBe('Passport. Charger.');
    await waitSaved(page);
    // The note that waited opens by itself now.
    await page
      .getByRole('region', { name: 'Travel' })
      .getByRole('link', { name: /Never opened/ })
      .click();
    await page.getByText('Elsewhere.').first().waitFor();
  });

  it('opens offline after the session’s token has expired, and refreshes it once back', async () => {
    const { page, context } = eve;
    await page.goto(`${e2e.appUrl}/n/${notebookId}/${noteId}`);
    await page.locator('.cm-content[contenteditable="true"]').waitFor();
    // A night away: the access token in the cookie has expired; the refresh needs the network.
    await network.offline();
    await expireStoredSession(context, e2e.appUrl);
    await page.reload();
    // Still the person's own notes, not the sign-in page.
    await page.locator('.cm-content[contenteditable="true"]').waitFor();
    expect(new URL(page.url()).pathname).toBe(`/n/${notebookId}/${noteId}`);
    await bodyEditor(page).click();
    await page.keyboard.press('Control+End');
    await page.keyboard.type(' Adapter.', { delay: 15 });
    await page
      .getByRole('status')
      .filter({ hasText: '1 note has changes not yet saved; they are kept on this device.' })
      .waitFor();
    await network.online();
    // The session is refreshed and what was typed is stored, without signing in again.
    await expect
      .poll(() => storedBody(noteId), { timeout: 45_000 })
      .toBe('Passport. Charger. Adapter.');
    await waitSaved(page);
    expect(new URL(page.url()).pathname).toBe(`/n/${notebookId}/${noteId}`);
  });

  it('forgets the kept copy when the person signs out', async () => {
    const { page } = eve;
    const { data: who } = await eve.client.auth.getUser();
    expect(await keptCacheOf(who.user!.id)).not.toBe('');
    await page.goto(`${e2e.appUrl}/`);
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(`${e2e.appUrl}/sign-in`);
    await expect.poll(() => keptCacheOf(who.user!.id), { timeout: 10_000 }).toBe('');
  });
});
