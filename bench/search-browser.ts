// The Chromium half of the search benchmark: keystroke to results in the real app's command
// palette (Ctrl/⌘+K), next to a static page on the same preview server that does the least any
// page can — on each keystroke, call search_notes through REST with fetch and list the hits.
// Words are typed one key at a time (120 ms apart, a brisk typist); for every keystroke that
// changes the query, the time from the key going down to the results for that query being in
// the DOM (and painted) is taken inside the page. Pages are reloaded between rounds so no result
// comes from a cache.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import type { RunningStack } from '../stack/src/index.ts';
import { launchChromium } from '../e2e/support/chromium.ts';
import { buildApp, serveApp, type E2E } from '../e2e/support/harness.ts';
import { signInThroughForm } from '../e2e/support/session.ts';
import { freePort, percentiles, type Percentiles } from './browser-lib.ts';

export interface SearchTimings {
  keystrokes: number;
  app: Percentiles;
  baseline: Percentiles;
}

export interface SearchInput {
  stack: RunningStack;
  email: string;
  password: string;
  token: string;
  workDir: string;
  words: string[];
  rounds: number;
}

const BASELINE_FILE = 'bench-search.html';
const KEY_DELAY_MS = 120;

/** Records, per keystroke, when the key went down and when results for the query it made were
 * painted (runs in every page; the list is the element with data-results-for). */
function watchResults() {
  const w = window as unknown as { __keys: { q: string; down: number }[]; __lat: number[] };
  w.__keys = [];
  w.__lat = [];
  document.addEventListener(
    'keydown',
    () => {
      const t = performance.now();
      requestAnimationFrame(() => {
        const input = document.activeElement as HTMLInputElement | null;
        w.__keys.push({ q: (input?.value ?? '').trim(), down: t });
      });
    },
    true,
  );
  new MutationObserver(() => {
    const list = document.querySelector('[data-results-for]');
    const shown = list?.getAttribute('data-results-for');
    if (!shown) return;
    const pending = w.__keys.filter((k) => k.q === shown);
    if (pending.length === 0) return;
    w.__keys = w.__keys.filter((k) => k.q !== shown);
    requestAnimationFrame(() => {
      const now = performance.now();
      for (const k of pending) w.__lat.push(now - k.down);
    });
  }).observe(document, { subtree: true, childList: true, attributes: true });
}

function baselineHtml(config: object): string {
  const json = JSON.stringify(config).replace(/</g, '\\u003c');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Search (baseline)</title></head>
<body><input id="q" aria-label="Search" autocomplete="off"><ul id="hits"></ul><script>
const c = ${json};
const input = document.getElementById('q');
const list = document.getElementById('hits');
let controller = null;
input.addEventListener('input', async () => {
  const q = input.value.trim();
  controller?.abort();
  if (!q) return;
  controller = new AbortController();
  try {
    const response = await fetch(c.url + '/rest/v1/rpc/search_notes', {
      method: 'POST',
      signal: controller.signal,
      headers: { apikey: c.key, Authorization: 'Bearer ' + c.token, 'Content-Type': 'application/json' },
      body: JSON.stringify({ query: q, max_results: 20 }),
    });
    const hits = await response.json();
    list.replaceChildren(...hits.map((h) => Object.assign(document.createElement('li'), { textContent: h.title + ' ' + h.snippet })));
    list.setAttribute('data-results-for', q);
  } catch {}
});
</script></body></html>
`;
}

async function typeWords(
  page: Page,
  open: () => Promise<void>,
  words: string[],
): Promise<number[]> {
  await page.evaluate(() => ((window as unknown as { __lat: number[] }).__lat = []));
  await open();
  for (const word of words) {
    await page.keyboard.type(word, { delay: KEY_DELAY_MS });
    await page.waitForFunction(
      (w) => document.querySelector('[data-results-for]')?.getAttribute('data-results-for') === w,
      word,
      { timeout: 10_000 },
    );
    await page.waitForTimeout(KEY_DELAY_MS);
    await page.keyboard.press(process.platform === 'darwin' ? 'Meta+A' : 'Control+A');
    await page.keyboard.press('Backspace');
  }
  return page.evaluate(() => (window as unknown as { __lat: number[] }).__lat);
}

export async function measureSearch(input: SearchInput): Promise<SearchTimings> {
  const status = input.stack.status();
  const outDir = path.join(input.workDir, 'dist');
  await buildApp(
    { VITE_SUPABASE_URL: status.api_url, VITE_SUPABASE_PUBLISHABLE_KEY: status.publishable_key },
    outDir,
  );
  const config = { url: status.api_url, key: status.publishable_key, token: input.token };
  writeFileSync(path.join(outDir, BASELINE_FILE), baselineHtml(config));
  const port = await freePort();
  const server = await serveApp(outDir, port);
  const browser = await launchChromium();
  try {
    const appUrl = `http://127.0.0.1:${port}`;
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const e2e = { stack: input.stack, stackUrl: input.stack.url, appUrl, browser } as E2E;
    await signInThroughForm(e2e, page, input.email, input.password);
    await page.waitForURL(`${appUrl}/`);
    await context.addInitScript(watchResults);
    const app: number[] = [];
    const baseline: number[] = [];
    for (let round = 0; round < input.rounds; round++) {
      await page.goto(`${appUrl}/`);
      await page.getByRole('heading', { name: 'All notebooks' }).waitFor();
      app.push(
        ...(await typeWords(
          page,
          async () => {
            await page.keyboard.press('Control+K');
            await page.getByRole('combobox', { name: 'Search notes and commands' }).waitFor();
          },
          input.words,
        )),
      );
      await page.goto(`${appUrl}/${BASELINE_FILE}`);
      baseline.push(...(await typeWords(page, () => page.locator('#q').focus(), input.words)));
    }
    return { keystrokes: app.length, app: percentiles(app), baseline: percentiles(baseline) };
  } finally {
    await browser.close();
    await server.close();
  }
}
