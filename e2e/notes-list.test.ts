// The notes list at scale in Chromium: 120 notes written in one statement (so they share their
// timestamps) page in by keyset, 50 at a time, as the list scrolls, with no note twice or
// missing; sorting by title keeps titles with commas, quotes and parentheses in order; files
// dropped on the attachments area upload.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInPerson, type Person } from './notes-support/notes-steps.ts';
import { startE2E, type E2E } from './support/harness.ts';
import { unique } from './support/users.ts';

let e2e: E2E;
let owner: Person;
let notebookId = '';

const title = (n: number) => `Note ${String(n).padStart(3, '0')}, "q" (${n})`;

beforeAll(async () => {
  e2e = await startE2E();
  owner = await signedInPerson(e2e, unique('pager'), 'pager-pass-123');
  const notebook = await owner.client
    .from('notebooks')
    .insert({ name: 'Big notebook' })
    .select('id')
    .single();
  if (notebook.error) throw notebook.error;
  notebookId = (notebook.data as { id: string }).id;
  const rows = Array.from({ length: 120 }, (_, i) => ({
    notebook_id: notebookId,
    title: title(i + 1),
    body: `Body ${i + 1}`,
    tags: i % 2 === 0 ? ['even'] : ['odd'],
  }));
  const inserted = await owner.client.from('notes').insert(rows);
  if (inserted.error) throw inserted.error;
});

afterAll(async () => {
  await e2e?.close();
});

/** The app's note items (not those of the page index.html draws before the app has loaded). */
const ITEMS = '#root [data-testid="note-item"]';

async function titles(): Promise<string[]> {
  return owner.page.locator(`${ITEMS} .note-item__title`).allTextContents();
}

/** Waits until the list (not the previous one) starts with `expected`. */
async function firstTitleIs(expected: string) {
  await owner.page.waitForFunction(
    ([t, items]) =>
      document.querySelectorAll(items).length === 50 &&
      document.querySelector(`${items} .note-item__title`)?.textContent === t,
    [expected, ITEMS] as const,
  );
}

async function scrollUntil(count: number) {
  const { page } = owner;
  for (;;) {
    const shown = await page.locator(ITEMS).count();
    if (shown >= count) return;
    await page.locator(ITEMS).last().scrollIntoViewIfNeeded();
    await page.waitForFunction(
      ([n, items]) => document.querySelectorAll(items).length > n,
      [shown, ITEMS] as const,
      { timeout: 20_000 },
    );
  }
}

describe('the notes list', () => {
  it('loads 50 notes a page by keyset as it scrolls, each note once', async () => {
    const { page } = owner;
    await page.goto(`${e2e.appUrl}/n/${notebookId}`);
    await page.locator(ITEMS).first().waitFor();
    expect(await page.locator(ITEMS).count()).toBe(50);
    await scrollUntil(120);
    const all = await titles();
    expect(all).toHaveLength(120);
    expect(new Set(all).size).toBe(120);
    expect(await page.getByRole('button', { name: 'Load more notes' }).count()).toBe(0);
  });

  it('sorts by title across pages and filters by tag', async () => {
    const { page } = owner;
    await page.getByLabel('Sort by').selectOption('title');
    await page.waitForURL(/sort=title/);
    await firstTitleIs(title(1));
    await scrollUntil(120);
    const expected = Array.from({ length: 120 }, (_, i) => title(i + 1));
    expect(await titles()).toEqual(expected);

    await page.getByLabel('Filter by tag').fill('even');
    await page.getByRole('button', { name: 'Filter', exact: true }).click();
    await page.waitForURL(/tag=even/);
    await page.waitForFunction(
      () => document.querySelectorAll('[data-testid="note-item"]').length === 50,
    );
    await scrollUntil(60);
    const even = await titles();
    expect(even).toHaveLength(60);
    expect(even[1]).toBe(title(3));
  });

  it('uploads files dropped on the attachments area', async () => {
    const { page } = owner;
    await page.locator('.note-item__title', { hasText: title(1) }).click();
    const drop = page.getByTestId('drop-zone');
    await drop.waitFor();
    const transfer = await page.evaluateHandle(() => {
      const dt = new DataTransfer();
      dt.items.add(new File(['first'], 'dropped-1.txt', { type: 'text/plain' }));
      dt.items.add(new File(['second'], 'dropped-2.txt', { type: 'text/plain' }));
      return dt;
    });
    await drop.dispatchEvent('dragover', { dataTransfer: transfer });
    await drop.dispatchEvent('drop', { dataTransfer: transfer });
    await page.locator('.att-item__name', { hasText: 'dropped-1.txt' }).waitFor();
    await page.locator('.att-item__name', { hasText: 'dropped-2.txt' }).waitFor();
  });

  it('refuses files over 50 MB before sending them, deletes a file, and a deleted notebook leaves no files', async () => {
    const { page } = owner;
    const noteId = new URL(page.url()).pathname.split('/')[3]!;
    const drop = page.getByTestId('drop-zone');
    const big = await page.evaluateHandle(() => {
      const dt = new DataTransfer();
      dt.items.add(new File([new Uint8Array(51 * 1024 * 1024)], 'huge.bin'));
      return dt;
    });
    await drop.dispatchEvent('drop', { dataTransfer: big });
    await page.getByText('“huge.bin” is 51.0 MB; files can be at most 50 MB.').waitFor();
    expect(await page.getByTestId('upload').count()).toBe(0);

    await page.getByRole('button', { name: 'Delete dropped-2.txt' }).click();
    await page.getByRole('button', { name: 'Keep dropped-2.txt' }).click();
    await page.getByRole('button', { name: 'Delete dropped-2.txt' }).click();
    await page.getByRole('button', { name: 'Yes, delete dropped-2.txt' }).click();
    await page
      .locator('.att-item__name', { hasText: 'dropped-2.txt' })
      .waitFor({ state: 'detached' });
    const listed = await owner.client.storage.from('attachments').list(`${notebookId}/${noteId}`);
    expect(listed.data?.map((o) => o.name.replace(/^[0-9a-f-]{36}-/, ''))).toEqual([
      'dropped-1.txt',
    ]);

    await page.goto(`${e2e.appUrl}/`);
    await page.getByRole('button', { name: 'Move to trash: Big notebook' }).click();
    await page.getByRole('button', { name: 'Move to trash', exact: true }).click();
    await page
      .getByTestId('notebook-item')
      .filter({ hasText: 'Big notebook' })
      .waitFor({ state: 'detached' });
    // In the trash its files are kept; deleting it for good there removes them.
    const kept = await owner.client.storage.from('attachments').list(`${notebookId}/${noteId}`);
    expect(kept.data?.length).toBe(1);
    await page.goto(`${e2e.appUrl}/trash`);
    await page.getByRole('button', { name: 'Delete forever notebook Big notebook' }).click();
    await page.getByRole('button', { name: 'Yes, delete forever notebook Big notebook' }).click();
    await page
      .getByTestId('trashed-notebook')
      .filter({ hasText: 'Big notebook' })
      .waitFor({ state: 'detached' });
    const after = await owner.client.storage.from('attachments').list(`${notebookId}/${noteId}`);
    expect(after.data).toEqual([]);
  });
});
