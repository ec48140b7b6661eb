// Attachments and sharing in Chromium: an owner attaches several files (progress, cancel,
// thumbnail, download), search finds the note, the notebook is shared with a second account as
// a viewer (read-only), upgraded to editor (edits), then revoked (the note is gone for them);
// a member can leave. File names that look like HTML stay text.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bodyText,
  createNotebook,
  newNote,
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

// A 2×2 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP4z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==',
  'base64',
);
const EVIL_NAME = '<img src=x onerror=alert(7)>.txt';
/** Downloads under exactly this name (RFC 6266 Content-Disposition, encoded once). */
const RESUME = 'résumé #1 (final) 😀 <b>.txt';

beforeAll(async () => {
  e2e = await startE2E();
  owner = await signedInPerson(e2e, unique('owner'), 'owner-pass-123');
  member = await signedInPerson(e2e, unique('member'), 'member-pass-123');
});

afterAll(async () => {
  await e2e?.close();
});

const nameOf = (p: Person) => p.email.split('@')[0]!;

describe('a shared notebook', () => {
  let notebookId = '';
  let noteUrl = '';

  it('attaches several files with progress, cancel, thumbnail and download', async () => {
    const { page } = owner;
    notebookId = await createNotebook(e2e, page, 'Shared garden');
    await newNote(page);
    noteUrl = page.url();
    await page.getByLabel('Title').fill('Tomatoes');
    await writeBody(page, 'Water daily.');
    await waitSaved(page);
    await page.getByText('Up to 50 MB per file, 10 files at a time, 20 per note').waitFor();

    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/storage/v1/object/attachments/**', async (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      await held;
      await route.continue().catch(() => {});
    });
    await page.getByLabel('Files to attach').setInputFiles([
      { name: 'photo.png', mimeType: 'image/png', buffer: PNG },
      { name: RESUME, mimeType: 'text/plain', buffer: Buffer.from('plain words') },
      { name: EVIL_NAME, mimeType: 'text/plain', buffer: Buffer.from('evil') },
      { name: 'cancel-me.txt', mimeType: 'text/plain', buffer: Buffer.from('never') },
    ]);
    await page.getByRole('progressbar', { name: 'Uploading photo.png' }).waitFor();
    expect(await page.getByTestId('upload').count()).toBe(4);
    await screenshots(page, 'note-uploading');
    await page.getByRole('button', { name: 'Cancel upload of cancel-me.txt' }).click();
    await page.getByText('Upload cancelled.').waitFor();
    release();
    for (const name of ['photo.png', RESUME, EVIL_NAME])
      await page.locator('.att-item__name', { hasText: name }).waitFor();
    await page.getByRole('button', { name: 'Dismiss cancel-me.txt' }).click();
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    expect(await page.getByTestId('attachment').count()).toBe(3);

    const thumb = page.getByRole('img', { name: 'photo.png' });
    await thumb.waitFor();
    await page.waitForFunction(
      () => (document.querySelector('img[alt="photo.png"]') as HTMLImageElement)?.naturalWidth > 0,
    );
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: `Download ${RESUME}` }).click(),
    ]);
    // The exact name, percent-decoded once; Chromium itself then swaps the characters some file
    // systems refuse (< and >) for "_".
    expect(download.suggestedFilename()).toBe(RESUME.replace(/[<>]/g, '_'));
    await screenshots(page, 'note-attachments');
    expect(await seriousViolations(page)).toEqual([]);
    expect(await page.locator('main img[src="x"]').count()).toBe(0);
    expect(owner.dialogs).toEqual([]);

    await page.keyboard.press('Control+K');
    await page.getByRole('combobox', { name: 'Search notes and commands' }).fill('tomatoes');
    await page.getByTestId('search-hit').filter({ hasText: 'Tomatoes' }).waitFor();
    await page.keyboard.press('Escape');
  });

  it('shares with a viewer, who reads but cannot edit', async () => {
    const { page } = owner;
    await page.goto(`${e2e.appUrl}/n/${notebookId}`);
    await page.getByRole('button', { name: 'Share' }).click();
    await page.getByLabel('Invite by email').fill(member.email);
    await page.getByLabel('Role', { exact: true }).selectOption('viewer');
    await page.getByRole('button', { name: 'Invite' }).click();
    await page.getByText(`${member.email} can now read this notebook.`).waitFor();
    await page
      .getByTestId('member')
      .filter({ hasText: nameOf(member) })
      .waitFor();
    await screenshots(page, 'notebook-sharing');
    expect(await seriousViolations(page)).toEqual([]);

    const viewer = member.page;
    await viewer.goto(`${e2e.appUrl}/`);
    const item = viewer.getByTestId('notebook-item').filter({ hasText: 'Shared garden' });
    await item.getByText('Viewer').waitFor();
    expect(await item.getByRole('button', { name: /Delete/ }).count()).toBe(0);
    await item.getByRole('link', { name: 'Shared garden' }).click();
    await viewer.getByRole('link', { name: 'Tomatoes' }).waitFor();
    expect(await viewer.getByRole('button', { name: 'New note' }).count()).toBe(0);
    expect(await viewer.getByLabel('Invite by email').count()).toBe(0);
    await viewer.getByRole('link', { name: 'Tomatoes' }).click();
    await viewer.getByText('Read only').waitFor();
    await viewer
      .getByRole('region', { name: 'Note', exact: true })
      .getByText('Water daily.')
      .waitFor();
    await viewer.locator('.att-item__name', { hasText: RESUME }).waitFor();
    expect(await viewer.getByLabel('Title').count()).toBe(0);
    await viewer.getByRole('button', { name: 'More actions' }).click();
    await viewer.getByRole('menuitem', { name: 'History' }).waitFor();
    expect(await viewer.getByRole('menuitem', { name: 'Move to trash' }).count()).toBe(0);
    await viewer.keyboard.press('Escape');
    expect(await viewer.getByRole('button', { name: 'Choose files' }).count()).toBe(0);
    expect(await viewer.getByRole('button', { name: /^Delete/ }).count()).toBe(0);
    await screenshots(viewer, 'note-viewer');
    expect(await seriousViolations(viewer)).toEqual([]);
  });

  it('upgrades the viewer to editor, who edits; then revokes, and the note is gone', async () => {
    const { page } = owner;
    await page.getByLabel(`Role of ${nameOf(member)}`).selectOption('editor');
    await page.waitForResponse(
      (r) => r.url().includes('/rest/v1/notebook_members') && r.request().method() === 'GET',
    );

    const editor = member.page;
    await editor.goto(noteUrl);
    await writeBody(editor, 'Water daily. Edited by the editor.');
    await waitSaved(editor);

    await page.goto(noteUrl);
    await expect(bodyText(page)).resolves.toBe('Water daily. Edited by the editor.');

    await page.goto(`${e2e.appUrl}/n/${notebookId}`);
    await page.getByRole('button', { name: 'Share' }).click();
    await page.getByRole('button', { name: `Remove ${nameOf(member)}` }).click();
    await page
      .getByRole('group', { name: `Remove ${nameOf(member)} from Shared garden?` })
      .getByRole('button', { name: `Remove ${nameOf(member)}` })
      .click();
    await page
      .getByTestId('member')
      .filter({ hasText: nameOf(member) })
      .waitFor({ state: 'detached' });

    await editor.reload();
    await editor
      .getByText(
        'This notebook does not exist, is in its owner’s trash, or you no longer have access to it.',
      )
      .waitFor();
    await editor.goto(`${e2e.appUrl}/`);
    await editor.getByRole('heading', { name: 'All notebooks' }).waitFor();
    await editor.getByText('No notebooks yet. Create your first one above.').waitFor();
  });

  it('lets a member leave', async () => {
    const { page } = owner;
    await page.getByLabel('Invite by email').fill(member.email);
    await page.getByRole('button', { name: 'Invite' }).click();
    await page
      .getByTestId('member')
      .filter({ hasText: nameOf(member) })
      .waitFor();
    const viewer = member.page;
    await viewer.goto(`${e2e.appUrl}/n/${notebookId}`);
    await viewer.getByRole('button', { name: 'People' }).click();
    await viewer.getByRole('button', { name: 'Leave notebook' }).click();
    await viewer.getByRole('button', { name: 'Leave Shared garden' }).click();
    await viewer.waitForURL(`${e2e.appUrl}/`);
    await viewer.getByText('No notebooks yet. Create your first one above.').waitFor();
    expect(member.dialogs).toEqual([]);
  });

  it('invites an address without an account as a pending invitation, and explains mistakes', async () => {
    const { page } = owner;
    await page.goto(`${e2e.appUrl}/n/${notebookId}`);
    await page.getByRole('button', { name: 'Share' }).click();
    const stranger = unique('stranger');
    await page.getByLabel('Invite by email').fill(stranger);
    await page.getByLabel('Role', { exact: true }).selectOption('editor');
    await page.getByRole('button', { name: 'Invite' }).click();
    await page.getByText(`${stranger} has no account yet`).waitFor();
    const pending = page.getByRole('list', { name: 'Pending invitations' });
    await pending.locator('.member__name', { hasText: stranger }).waitFor();
    await page.getByRole('button', { name: `Cancel invitation for ${stranger}` }).click();
    await pending.waitFor({ state: 'detached' });

    await page.getByLabel('Invite by email').fill(owner.email);
    await page.getByRole('button', { name: 'Invite' }).click();
    await page.getByText('You already own this notebook.').waitFor();
    await page.getByLabel('Invite by email').fill('not-an-address');
    await page.getByRole('button', { name: 'Invite' }).click();
    await page.getByText('Enter a valid email address.').waitFor();
  });
});
