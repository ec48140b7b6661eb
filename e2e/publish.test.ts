// Publishing a note, in Chromium: a person writes a note with an image, publishes it and opens
// the link in a fresh browser with no session — the text and the image are there, and the page
// asks not to be indexed; their edit shows on the public page; unpublishing ends it, and the
// page says so.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bodyEditor,
  createNotebook,
  newNote,
  noteAction,
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

/** How long the public page may take to show a change (it checks every 10 s). */
const FOLLOWS_WITHIN_MS = 30_000;

beforeAll(async () => {
  e2e = await startE2E();
  owner = await signedInPerson(e2e, unique('publisher'), 'publisher-pass-1');
});

afterAll(async () => {
  await e2e?.close();
});

/** Pastes a 240×120 PNG (drawn in the page) into the body's editor, where the cursor is. */
async function pasteImage(name: string) {
  await owner.page.evaluate(async (name) => {
    const canvas = document.createElement('canvas');
    canvas.width = 240;
    canvas.height = 120;
    const g = canvas.getContext('2d')!;
    g.fillStyle = '#7bb661';
    g.fillRect(0, 0, 240, 120);
    g.fillStyle = '#c0392b';
    for (let x = 30; x < 240; x += 60) g.fillRect(x, 40, 24, 40);
    const blob = await new Promise<Blob>((resolve) =>
      canvas.toBlob((b) => resolve(b!), 'image/png'),
    );
    const data = new DataTransfer();
    data.items.add(new File([blob], name, { type: 'image/png' }));
    document
      .querySelector('.cm-content')!
      .dispatchEvent(
        new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
      );
  }, name);
  await owner.page.waitForFunction(
    (alt) => document.querySelector('.cm-content')?.textContent?.includes(`![${alt}](attachment:`),
    name,
  );
}

describe('publishing a note', () => {
  it('publish → open signed out → follows edits → unpublish → gone', async () => {
    const { page } = owner;
    await createNotebook(e2e, page, 'Garden');
    const noteId = await newNote(page);
    await page.getByLabel('Title').fill('Seed list');
    await writeBody(page, 'Tomatoes, **basil** and beans.\n\n');
    await bodyEditor(page).press('Control+End');
    await pasteImage('bed.png');
    await waitSaved(page);

    // Publish: the note and the notebook's list say so; the link is the public page's.
    const publishing = page.getByRole('group', { name: 'Publishing' });
    await noteAction(page, 'Publish to the web');
    await publishing.getByTestId('published-badge').waitFor();
    const link = await publishing
      .getByRole('link', { name: 'Open public page' })
      .getAttribute('href');
    expect(link).toMatch(new RegExp(`^${e2e.appUrl}/p/[A-Za-z0-9_-]{43}$`));
    const item = page
      .getByTestId('note-item')
      .filter({ has: page.locator(`[data-note-id="${noteId}"]`) });
    await item.getByText('Published', { exact: true }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshots(page, 'publish-controls');

    // Anyone with the link, in a browser that has never signed in.
    const visitor = await e2e.newPage();
    const pub = visitor.page;
    await pub.goto(link!);
    await pub.getByRole('heading', { level: 1, name: 'Seed list' }).waitFor();
    await pub.getByText('Tomatoes,').waitFor();
    expect(await pub.locator('.markdown strong').textContent()).toBe('basil');
    await pub.getByRole('img', { name: 'bed.png' }).waitFor();
    await pub.waitForFunction(
      () =>
        (document.querySelector('.markdown img[alt="bed.png"]') as HTMLImageElement | null)
          ?.naturalWidth === 240,
    );
    const src = await pub.locator('.markdown img[alt="bed.png"]').getAttribute('src');
    expect(src).toContain('/storage/v1/object/sign/attachments/');
    expect(await pub.locator('meta[name="robots"]').getAttribute('content')).toContain('noindex');
    expect(pub.url()).toBe(link);
    expect(await pub.getByRole('link', { name: 'Sign in' }).count()).toBe(0);
    expect(await seriousViolations(pub)).toEqual([]);
    await screenshots(pub, 'published-note');

    // The page follows the note.
    await bodyEditor(page).press('Control+End');
    await page.keyboard.type('\nAlso marigolds.');
    await waitSaved(page);
    await pub.getByText('Also marigolds.').waitFor({ timeout: FOLLOWS_WITHIN_MS });
    await pub.getByRole('img', { name: 'bed.png' }).waitFor();

    // Unpublished: gone at once for the server, and the open page says so at its next check.
    await noteAction(page, 'Unpublish');
    await publishing.getByTestId('published-badge').waitFor({ state: 'detached' });
    await item.getByText('Published', { exact: true }).waitFor({ state: 'detached' });
    await pub
      .getByRole('heading', { name: 'This note is no longer published' })
      .waitFor({ timeout: FOLLOWS_WITHIN_MS });
    expect(await pub.getByText('Tomatoes,').count()).toBe(0);
    expect(await seriousViolations(pub)).toEqual([]);
    await screenshots(pub, 'published-note-gone');

    // Opened afresh, the link opens nothing (the same as any unknown link).
    const late = await e2e.newPage();
    await late.page.goto(link!);
    await late.page.getByRole('heading', { name: 'This note is not published' }).waitFor();
    await late.page.goto(`${e2e.appUrl}/p/${'x'.repeat(43)}`);
    await late.page.getByRole('heading', { name: 'This note is not published' }).waitFor();
    await visitor.context.close();
    await late.context.close();
  });
});
