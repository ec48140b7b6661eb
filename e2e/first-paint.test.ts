// A notebook's first paint in Chromium: index.html draws the page from its early REST responses
// before any of the app's code has run (app/build/early-page.ts), and the app takes over in the
// frame it draws its own page. Checked with the app's JavaScript held back: the notes, the pinned
// one first, the name and the role are on screen, inert and hidden from assistive technology;
// once the code is let through the early page is gone and nothing has moved — at 360 px and on
// a desktop. On a first visit nothing but the page's request and index.html's stylesheet is asked
// for before the notes are drawn. Nothing is drawn for a notebook the person cannot read, and
// the app says so itself.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EARLY_PAGE_WAIT_MS } from '../app/build/early-script.ts';
import { signedInPerson, type Person } from './notes-support/notes-steps.ts';
import { seriousViolations } from './support/axe.ts';
import { startE2E, type E2E } from './support/harness.ts';
import { hold } from './support/network.ts';
import { SCREENSHOT_DIR } from './support/screenshots.ts';
import { unique } from './support/users.ts';

let e2e: E2E;
let owner: Person;
let notebookId = '';
const noteIds: string[] = [];

beforeAll(async () => {
  e2e = await startE2E();
  owner = await signedInPerson(e2e, unique('paint'), 'paint-pass-123');
  const notebook = await owner.client
    .from('notebooks')
    .insert({ name: 'Field notes' })
    .select('id');
  notebookId = (notebook.data as { id: string }[])[0]!.id;
  const rows = [
    { title: 'Owls at dusk', body: 'Two **tawny** owls, calling.', tags: ['birds'] },
    { title: 'Tide tables <b>', body: 'Low tide at 06:10 & 18:32.', tags: [] },
    { title: 'Moss', body: '', tags: ['plants', 'shade'] },
  ];
  for (const row of rows) {
    const { data, error } = await owner.client
      .from('notes')
      .insert({ notebook_id: notebookId, ...row })
      .select('id');
    if (error) throw error;
    noteIds.push((data as { id: string }[])[0]!.id);
  }
  const { data: me } = await owner.client.auth.getUser();
  const { error } = await owner.client
    .from('note_pins')
    .insert({ note_id: noteIds[0]!, notebook_id: notebookId, user_id: me.user!.id });
  if (error) throw error;
});

afterAll(async () => {
  await e2e?.close();
});

/** Where each of these elements is on screen (rounded to whole pixels). */
async function boxes(page: Page, scope: string) {
  return page.evaluate((root) => {
    const at = (selector: string) => {
      const r = document.querySelector(`${root} ${selector}`)?.getBoundingClientRect();
      return r ? [r.x, r.y, r.width, r.height].map(Math.round) : null;
    };
    return {
      header: at('.app-header'),
      heading: at('.list-pane .page-title'),
      toolbar: at('.list-pane .toolbar'),
      notePane: at('.note-pane'),
      notes: Array.from(document.querySelectorAll(`${root} [data-testid="note-item"]`), (el) => {
        const r = el.getBoundingClientRect();
        return [r.x, r.y, r.width, r.height].map(Math.round);
      }),
    };
  }, scope);
}

/** Opens the notebook with the app's code held back, checks the early page, lets the code
 * through and checks that the app's page stands exactly where the early one stood. */
async function openAndCompare(page: Page, name: string) {
  const code = await hold(page, '**/assets/*.js');
  try {
    await page.goto(`${e2e.appUrl}/n/${notebookId}`, { waitUntil: 'commit' });
    const early = page.locator('#sheaf-early');
    await early.getByTestId('note-item').first().waitFor();
    const titles = await early.locator('.note-item__title').allTextContents();
    expect(titles).toEqual(['Owls at dusk', 'Moss', 'Tide tables <b>']);
    expect(await early.locator('.badge').allTextContents()).toEqual(['Pinned']);
    expect(await early.locator('.page-title').textContent()).toBe('Field notes');
    expect(await early.getByText('You own this notebook.').isVisible()).toBe(true);
    expect(await early.locator('.note-item__preview').first().textContent()).toBe(
      'Two tawny owls, calling.',
    );
    // A picture, not the page: nothing in it takes focus or a click, nothing is announced.
    expect(await early.evaluate((el) => (el as HTMLElement).inert)).toBe(true);
    expect(await page.locator('#root').evaluate((el) => (el as HTMLElement).hidden)).toBe(true);
    expect(await page.getByRole('heading', { name: 'Field notes' }).count()).toBe(0);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/${name}.png` });
    const before = await boxes(page, '#sheaf-early');

    code.release();
    await page.locator('#root [data-testid="note-item"]').first().waitFor();
    await early.waitFor({ state: 'detached' });
    expect(await page.locator('#root').evaluate((el) => (el as HTMLElement).hidden)).toBe(false);
    const after = await boxes(page, '#root');
    expect(after).toEqual(before);
    await page.getByRole('heading', { name: 'Field notes' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
  } finally {
    code.release();
    await page.unrouteAll({ behavior: 'ignoreErrors' });
  }
}

interface Loading {
  /** Every stylesheet and script the page's own scripts added, in order, ms from navigation. */
  added: { at: number; what: string; href: string }[];
  /** When the early page was attached, the stylesheets the document linked then, and those it
   * was drawn with (at the next frame: a stylesheet in <head> holds every frame until loaded). */
  early?: { at: number; links: string[]; sheets?: (string | null)[] };
}

/** Runs in the page before its scripts: records what they add to <head>, and the early page. */
function recordLoading() {
  const w = window as unknown as { __loading: Loading };
  const loading: Loading = (w.__loading = { added: [] });
  const append = HTMLHeadElement.prototype.appendChild;
  HTMLHeadElement.prototype.appendChild = function <T extends Node>(
    this: HTMLHeadElement,
    node: T,
  ) {
    if (node instanceof HTMLLinkElement || node instanceof HTMLScriptElement) {
      const what = node instanceof HTMLLinkElement ? node.rel : `script ${node.type}`;
      const href = node instanceof HTMLLinkElement ? node.href : node.src;
      loading.added.push({ at: performance.now(), what, href });
    }
    return append.call(this, node) as T;
  };
  const observer = new MutationObserver(() => {
    if (!document.getElementById('sheaf-early')) return;
    observer.disconnect();
    const links = document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]');
    const early = { at: performance.now(), links: Array.from(links, (link) => link.href) };
    loading.early = early;
    requestAnimationFrame(() => {
      Object.assign(early, { sheets: Array.from(document.styleSheets, (sheet) => sheet.href) });
    });
  });
  observer.observe(document, { childList: true, subtree: true });
}

describe('a notebook’s first paint', () => {
  it('on a first visit asks for no script, and no stylesheet but index.html’s, before the notes are drawn', async () => {
    const storageState = await owner.page.context().storageState();
    const context = await e2e.browser.newContext({
      storageState,
      viewport: { width: 1280, height: 800 },
    });
    try {
      await context.addInitScript(recordLoading);
      const page = await context.newPage();
      const response = await page.goto(`${e2e.appUrl}/n/${notebookId}`, { waitUntil: 'commit' });
      // The document itself names no script to fetch: its inline script asks for them.
      const html = (await response!.text()).replace(/<script>[\s\S]*?<\/script>/g, '');
      expect(html).not.toMatch(/modulepreload|<script|\.js"/);
      expect(html.match(/<link rel="stylesheet"[^>]*>/g)).toHaveLength(1);
      await page.locator('#root [data-testid="note-item"]').first().waitFor();
      const loading = await page.evaluate(
        () => (window as unknown as { __loading: Loading }).__loading,
      );
      expect(loading.early).toBeDefined();
      const { at: drawnAt, links, sheets } = loading.early!;
      const indexCss = expect.stringMatching(/\/assets\/index-[\w-]+\.css$/);
      expect(links).toEqual([indexCss]);
      expect(sheets).toEqual([indexCss]);
      // Scripts come after the drawing (or once the longest wait for it is over): the entry's
      // chunks and the route's, and then the entry itself.
      const scripts = loading.added.filter(
        (a) => a.what === 'modulepreload' || a.what === 'script module',
      );
      expect(scripts.length).toBeGreaterThan(3);
      expect(scripts[0]!.at >= drawnAt || scripts[0]!.at >= EARLY_PAGE_WAIT_MS).toBe(true);
      expect(scripts.findIndex((a) => a.what === 'script module')).toBeGreaterThan(2);
      expect(loading.added.filter((a) => a.what === 'stylesheet' && a.at < drawnAt)).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('shows the notes before the app’s code has loaded, and nothing moves when the app takes over', async () => {
    await openAndCompare(owner.page, 'first-paint-1280');
  });

  it('does the same on a phone', async () => {
    const { page } = owner;
    await page.setViewportSize({ width: 360, height: 740 });
    try {
      await openAndCompare(page, 'first-paint-360');
    } finally {
      await page.setViewportSize({ width: 1280, height: 800 });
    }
  });

  it('draws nothing for a notebook the person cannot read; the app says it was not found', async () => {
    const { page } = owner;
    const code = await hold(page, '**/assets/*.js');
    try {
      const answered = page.waitForResponse((r) => r.url().includes('/rest/v1/notebooks?'));
      await page.goto(`${e2e.appUrl}/n/${crypto.randomUUID()}`, { waitUntil: 'commit' });
      await answered;
      await page.waitForTimeout(200);
      expect(await page.locator('#sheaf-early').count()).toBe(0);
      code.release();
      await page.getByRole('heading', { name: 'Notebook not found' }).waitFor();
    } finally {
      code.release();
      await page.unrouteAll({ behavior: 'ignoreErrors' });
    }
  });
});
