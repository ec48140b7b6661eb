// Import and export in Chromium: a folder of Markdown (a notebook per folder, linked images kept
// as attachments, hidden and unlinked files left out with a reason), loose files and a ZIP into a
// notebook of one's choosing, and a notebook exported as a ZIP of Markdown that imports back.
// Axe on each stage of the page, screenshots at 360 and 1280 px.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { SupabaseClient } from '@supabase/supabase-js';
import { strToU8, unzipSync, zipSync } from 'fflate';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe.ts';
import { startE2E, type E2E } from './support/harness.ts';
import { screenshots } from './support/screenshots.ts';
import { signInThroughForm } from './support/session.ts';
import { createUser, unique } from './support/users.ts';

let e2e: E2E;
let scratch: string;

// A 1×1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

beforeAll(async () => {
  e2e = await startE2E();
  scratch = mkdtempSync(path.join(os.tmpdir(), 'sheaf-transfer-'));
});

afterAll(async () => {
  await e2e?.close();
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

async function expectAccessible(page: Page) {
  expect(await seriousViolations(page)).toEqual([]);
}

function writeTree(root: string, files: Record<string, string | Buffer>) {
  for (const [rel, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    writeFileSync(path.join(root, rel), content);
  }
}

async function signedIn(label: string) {
  const email = unique(label);
  const client = await createUser(e2e, email, 'transfer-pass-1');
  const { context, page } = await e2e.newPage();
  await signInThroughForm(e2e, page, email, 'transfer-pass-1');
  await page.waitForURL(`${e2e.appUrl}/`);
  return { context, page, client };
}

async function notesOf(client: SupabaseClient, notebookName: string) {
  const { data: nb } = await client.from('notebooks').select('id').eq('name', notebookName);
  expect(nb).toHaveLength(1);
  const { data: notes } = await client
    .from('notes')
    .select('id, title, body, tags, attachments(file_name, mime_type, path)')
    .eq('notebook_id', nb![0]!.id);
  return notes as {
    title: string;
    body: string;
    tags: string[];
    attachments: { file_name: string; mime_type: string; path: string }[];
  }[];
}

describe('importing', () => {
  it('imports a folder: a notebook per folder, linked images kept, the rest explained', async () => {
    const { context, page, client } = await signedIn('import-folder');
    const vault = path.join(scratch, 'Vault');
    writeTree(vault, {
      'Travel/Lisbon.md':
        '---\ntags: [travel, "city trips"]\n---\n# Lisbon\n\nTrams everywhere.\n\n![Tram 28](images/tram%2028.png)\n',
      'Travel/images/tram 28.png': PNG,
      'Home.md': 'Plain note at the top.',
      '.obsidian/app.json': '{}',
      'unused.pdf': '%PDF-1.4',
    });

    await page.goto(`${e2e.appUrl}/settings/data`);
    await page.getByRole('link', { name: 'Import and export' }).click();
    await page.waitForURL('**/transfer');
    await page.getByRole('heading', { level: 1, name: 'Import and export' }).waitFor();
    await expectAccessible(page);
    await screenshots(page, 'transfer');

    await page.getByLabel('A whole folder').setInputFiles(vault);
    const preview = page.getByRole('list', { name: 'What will be imported' });
    await preview.getByText('Vault / Travel').waitFor();
    await preview.getByText('Vault', { exact: true }).waitFor();
    await page.getByText('1 file will be left out').click();
    await page.getByText('Vault/unused.pdf: not linked from any note').waitFor();
    await expectAccessible(page);
    await screenshots(page, 'transfer-preview');

    await page.getByRole('button', { name: 'Import 2 notes and 1 file' }).click();
    await page.getByText('Imported 2 notes and 1 file into 2 notebooks.').waitFor();
    await expectAccessible(page);
    await screenshots(page, 'transfer-done');

    const [lisbon] = await notesOf(client, 'Vault / Travel');
    expect(lisbon).toMatchObject({ title: 'Lisbon', tags: ['travel', 'city trips'] });
    expect(lisbon!.attachments).toEqual([
      expect.objectContaining({ file_name: 'tram 28.png', mime_type: 'image/png' }),
    ]);
    expect(lisbon!.body).toContain(
      `![Tram 28](attachment:${encodeURI(lisbon!.attachments[0]!.path)})`,
    );
    expect(lisbon!.body).not.toContain('tags:');
    const [home] = await notesOf(client, 'Vault');
    expect(home).toMatchObject({ title: 'Home', body: 'Plain note at the top.' });

    await page.getByRole('link', { name: 'Open Vault / Travel' }).click();
    await page.waitForURL('**/n/*');
    await page.getByRole('heading', { name: 'Vault / Travel' }).first().waitFor();
    await context.close();
  });

  it('puts loose files and a ZIP where the person chooses', async () => {
    const { context, page, client } = await signedIn('import-loose');
    const loose = path.join(scratch, 'loose');
    writeTree(loose, {
      'Groceries.md': '- [ ] apples\n- [x] bread',
      'archive.zip': Buffer.from(
        zipSync({
          'Recipes/Soup.md': strToU8('Leek soup ![bowl](bowl.png)'),
          'Recipes/bowl.png': new Uint8Array(PNG),
        }),
      ),
    });
    await page.goto(`${e2e.appUrl}/transfer`);
    await page
      .getByLabel('Markdown files or a ZIP')
      .setInputFiles([path.join(loose, 'Groceries.md'), path.join(loose, 'archive.zip')]);
    await page.getByText('Notes chosen on their own', { exact: true }).waitFor();
    await page.getByLabel('Name of the new notebook').fill('');
    await page.getByRole('button', { name: 'Import 2 notes and 1 file' }).click();
    await page.getByText('Give the new notebook a name.').waitFor();
    await page.getByLabel('Name of the new notebook').fill('From my laptop');
    await page.getByRole('button', { name: 'Import 2 notes and 1 file' }).click();
    await page.getByText('Imported 2 notes and 1 file into 2 notebooks.').waitFor();
    expect((await notesOf(client, 'From my laptop')).map((n) => n.title)).toEqual(['Groceries']);
    const [soup] = await notesOf(client, 'Recipes');
    expect(soup!.attachments.map((a) => a.file_name)).toEqual(['bowl.png']);
    await context.close();
  });
});

describe('exporting', () => {
  it('downloads one notebook as Markdown with its files, which imports back', async () => {
    const { context, page, client } = await signedIn('export-one');
    const trip = path.join(scratch, 'export-src', 'Trip');
    writeTree(trip, {
      'Day one.md': '---\ntitle: "Day one: arrival"\ntags: [trip]\n---\n![Map](map.png)\n',
      'map.png': PNG,
    });
    await page.goto(`${e2e.appUrl}/transfer`);
    await page.getByLabel('A whole folder').setInputFiles(trip);
    await page.getByRole('button', { name: 'Import 1 note and 1 file' }).click();
    await page.getByText('Imported 1 note and 1 file into 1 notebook.').waitFor();
    await page.getByRole('button', { name: 'Import more' }).click();

    await page.getByLabel('What to export').selectOption({ label: 'Notebook: Trip' });
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download ZIP' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^Trip \d{4}-\d{2}-\d{2}\.zip$/);
    const saved = path.join(scratch, file.suggestedFilename());
    await file.saveAs(saved);
    const zip = unzipSync(new Uint8Array(readFileSync(saved)));
    const markdown = new TextDecoder().decode(zip['Trip/Day one- arrival.md']);
    expect(markdown).toContain('title: "Day one: arrival"\ntags: ["trip"]');
    expect(markdown).toContain('![Map](Day%20one-%20arrival/map.png)');
    expect(Buffer.from(zip['Trip/Day one- arrival/map.png']!)).toEqual(PNG);
    await page.getByText(`Your download has started: ${file.suggestedFilename()}`).waitFor();

    // The archive comes back in as it went out, beside the notebook it came from and named apart.
    await page.getByLabel('Markdown files or a ZIP').setInputFiles(saved);
    await page.getByRole('button', { name: 'Import 1 note and 1 file' }).click();
    await page.getByText('Imported 1 note and 1 file into 1 notebook.').waitFor();
    await page.getByRole('link', { name: 'Open Trip (2)' }).waitFor();
    const [again] = await notesOf(client, 'Trip (2)');
    expect(again).toMatchObject({ title: 'Day one: arrival', tags: ['trip'] });
    expect(again!.body).toMatch(/^!\[Map\]\(attachment:[^)]+map\.png\)\n$/);
    await context.close();
  });
});
