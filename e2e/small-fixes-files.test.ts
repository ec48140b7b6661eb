// Files in and out, as a person meets them: every download Sheaf offers saves under the file's
// exact name — an attachment called "résumé #1 (final) 😀.txt" (storage-js's own `download`
// option would percent-encode that name twice) and a notebook's export archive — with the same
// bytes; and importing an export next to the notebook it came from names the new notebook apart
// ("Travel (2)"), saying so before anything is written.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
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
let scratch: string;
let person: Person;

const RESUME = 'résumé #1 (final) 😀.txt';
const WORDS = 'Curriculum vitae — naïve café, 2026.\n';
const NOTEBOOK = 'Résumé #1 (final) 😀';

beforeAll(async () => {
  e2e = await startE2E();
  scratch = mkdtempSync(path.join(os.tmpdir(), 'sheaf-small-files-'));
  person = await signedInPerson(e2e, unique('files'), 'files-pass-123');
});

afterAll(async () => {
  await e2e?.close();
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

describe('downloads', () => {
  let notebookId = '';

  it('saves an attachment under its exact name, with its bytes', async () => {
    const { page } = person;
    notebookId = await createNotebook(e2e, page, NOTEBOOK);
    await newNote(page);
    await page.getByLabel('Title').fill('Applications');
    await writeBody(page, 'Sent in November.');
    await waitSaved(page);
    await page
      .getByLabel('Files to attach')
      .setInputFiles([{ name: RESUME, mimeType: 'text/plain', buffer: Buffer.from(WORDS) }]);
    await page.locator('.att-item__name', { hasText: RESUME }).waitFor();

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: `Download ${RESUME}` }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(RESUME);
    const saved = path.join(scratch, 'attachment');
    await download.saveAs(saved);
    expect(readFileSync(saved, 'utf8')).toBe(WORDS);
  });

  it('saves a notebook’s export under the notebook’s exact name', async () => {
    const { page } = person;
    await page.goto(`${e2e.appUrl}/transfer`);
    await page.getByLabel('What to export').selectOption({ label: `Notebook: ${NOTEBOOK}` });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download ZIP' }).click(),
    ]);
    const name = download.suggestedFilename();
    expect(name).toMatch(/^Résumé #1 \(final\) 😀 \d{4}-\d{2}-\d{2}\.zip$/);
    await page.getByText(`Your download has started: ${name}`).waitFor();
    const saved = path.join(scratch, name);
    await download.saveAs(saved);
    const zip = unzipSync(new Uint8Array(readFileSync(saved)));
    const attachment = Object.keys(zip).find((entry) => entry.endsWith(RESUME));
    expect(attachment).toBeTruthy();
    expect(new TextDecoder().decode(zip[attachment!])).toBe(WORDS);
    expect(notebookId).not.toBe('');
  });
});

describe('importing an export next to the notebook it came from', () => {
  it('names the new notebook apart and says so before importing', async () => {
    const { page, client } = person;
    await createNotebook(e2e, page, 'Travel');
    await newNote(page);
    await page.getByLabel('Title').fill('Lisbon');
    await writeBody(page, 'Trams and tiles.');
    await waitSaved(page);

    await page.goto(`${e2e.appUrl}/transfer`);
    await page.getByLabel('What to export').selectOption({ label: 'Notebook: Travel' });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download ZIP' }).click(),
    ]);
    const archive = path.join(scratch, download.suggestedFilename());
    await download.saveAs(archive);

    await page.getByLabel('Markdown files or a ZIP').setInputFiles(archive);
    const preview = page.getByRole('list', { name: 'What will be imported' });
    await preview.getByText('Travel (2)', { exact: true }).waitFor();
    await preview
      .getByText(
        'You already have a notebook called “Travel”, so this one will be called “Travel (2)”.',
      )
      .waitFor();
    await screenshots(page, 'import-renamed');
    expect(await seriousViolations(page)).toEqual([]);
    // A double click imports once.
    await page.getByRole('button', { name: 'Import 1 note' }).dblclick();
    await page.getByText('Imported 1 note into 1 notebook.').waitFor();

    const { data } = await client
      .from('notebooks')
      .select('name, notes(title)')
      .in('name', ['Travel', 'Travel (2)'])
      .order('name');
    expect(data).toEqual([
      { name: 'Travel', notes: [{ title: 'Lisbon' }] },
      { name: 'Travel (2)', notes: [{ title: 'Lisbon' }] },
    ]);
    await page
      .getByRole('list', { name: 'Imported notebooks' })
      .getByRole('link', { name: 'Open Travel (2)' })
      .waitFor();
  });
});
