// The Chromium half of issue 7's notes benchmark: time to first note shown when the real app
// opens a notebook (/n/:id), warm and in a fresh context (cold), next to a same-run baseline: a
// static page written into the same build, served by the same preview server, that makes the
// list's two REST requests (the person's pinned notes + the first 50 notes) with plain fetch and
// lists the rows. Times are taken inside the page (navigation start to the animation frame after the first
// [data-testid="note-item"] is attached), so percentiles are computed here rather than with
// lib.ts's measure(), which times calls in Node. Also the median app load's request waterfall.
// The app is built and served with the E2E harness's buildApp/serveApp on a free port, in its
// Chromium, signed in through its sign-in form steps.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { RunningStack } from '../stack/src/index.ts';
import { launchChromium } from '../e2e/support/chromium.ts';
import { buildApp, serveApp, type E2E } from '../e2e/support/harness.ts';
import { signInThroughForm } from '../e2e/support/session.ts';
import { LIST_COLUMNS } from '../app/src/notes/data/notes-infinite-query.ts';
import { freePort, percentiles, type Percentiles } from './browser-lib.ts';
import { ms, ratio, table, type BenchSection, type Stats } from './lib.ts';

export interface NotesPageTimings {
  loads: number;
  /** The app: navigation start → first note item painted. */
  app: Percentiles;
  /** The app in a fresh browser context holding only the signed-in cookies (cold cache). */
  appCold: Percentiles;
  /** Navigation start → the app's own first note painted (it has taken over from index.html's
   * early page and the page can be used), warm and in a fresh context. */
  appReady: Percentiles;
  appReadyCold: Percentiles;
  /** The baseline page in a fresh browser context: what a first visit costs the floor itself. */
  baselineCold: Percentiles;
  /** The baseline page: navigation start → first note item painted. */
  baseline: Percentiles;
  /** The same two requests with fetch in an already loaded page (no navigation). */
  fetchOnly: Percentiles;
  /** The median app load's requests (scripts, styles, REST…) started before its first note. */
  appWaterfall: Resource[];
  /** The same for the median fresh-context load. */
  coldWaterfall: Resource[];
}

/** One fetched resource of a load, times in ms from navigation start. */
export interface Resource {
  url: string;
  start: number;
  end: number;
}

interface Load {
  firstNote: number;
  resources: Resource[];
  /** The app's own first note (in #root), for the app's pages. */
  appNote?: number;
}

export interface NotesPageInput {
  stack: RunningStack;
  email: string;
  password: string;
  notebookId: string;
  userId: string;
  /** An access token of that user (for the baseline page's requests). */
  token: string;
  /** A scratch folder for the build. */
  workDir: string;
  loads: number;
}

const BASELINE_FILE = 'bench-first-note.html';
const VIEWPORT = { width: 1280, height: 800 };
type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

/** Records when the first note item is attached and the frame after it, with the resources
 * fetched by then (runs in every page), and reports it on the console: waiting for it with
 * page.waitForFunction would make Playwright inject its script into the page while it loads,
 * taking the page's main thread in the middle of the time measured. Then the same for the
 * app's own first note (in #root), reported apart. */
function watchFirstNote() {
  const observer = new MutationObserver(() => {
    if (!document.querySelector('[data-testid="note-item"]')) return;
    observer.disconnect();
    requestAnimationFrame(() => {
      const firstNote = performance.now();
      const resources = performance
        .getEntriesByType('resource')
        .map((e) => e as PerformanceResourceTiming)
        .map((e) => ({ url: e.name, start: e.startTime, end: e.responseEnd }))
        .filter((r) => r.start < firstNote);
      console.debug(`__firstNote ${JSON.stringify({ firstNote, resources })}`);
    });
  });
  observer.observe(document, { childList: true, subtree: true });
  const app = new MutationObserver(() => {
    if (!document.querySelector('#root [data-testid="note-item"]')) return;
    app.disconnect();
    requestAnimationFrame(() => console.debug(`__appNote ${performance.now()}`));
  });
  app.observe(document, { childList: true, subtree: true });
}

/** A static page doing what the notes list does first, minus the app. */
function baselineHtml(config: object): string {
  const json = JSON.stringify(config).replace(/</g, '\\u003c');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>First note (baseline)</title></head>
<body><ul id="notes"></ul><script>
const c = ${json};
const rest = c.url + '/rest/v1/';
const headers = { apikey: c.key, Authorization: 'Bearer ' + c.token };
async function get(path) {
  const response = await fetch(rest + path, { headers });
  if (!response.ok) throw new Error('REST ' + response.status);
  return response.json();
}
const pins = 'note_pins?select=' + encodeURIComponent('note:notes!inner(' + c.columns + ')') +
  '&notebook_id=eq.' + c.notebookId + '&user_id=eq.' + c.userId + '&note.deleted_at=is.null&limit=200';
const notes = 'notes?select=' + encodeURIComponent(c.columns) + '&notebook_id=eq.' + c.notebookId +
  '&deleted_at=is.null&order=updated_at.desc,id.desc&limit=50';
window.__firstPage = () => Promise.all([get(pins), get(notes)]);
window.__firstPage().then(([pinned, rest]) => {
  const list = document.getElementById('notes');
  for (const note of [...pinned.map((p) => p.note), ...rest]) {
    const item = document.createElement('li');
    item.dataset.testid = 'note-item';
    item.textContent = note.title;
    list.append(item);
  }
});
</script></body></html>
`;
}

/** A load in a new context with only the given cookies and storage: nothing cached. */
async function coldLoad(
  browser: Browser,
  state: StorageState,
  url: string,
  app: boolean,
): Promise<Load> {
  const context = await browser.newContext({ viewport: VIEWPORT, storageState: state });
  try {
    await context.addInitScript(watchFirstNote);
    return await timeLoad(await context.newPage(), url, app);
  } finally {
    await context.close();
  }
}

const REPORT = '__firstNote ';
const APP_REPORT = '__appNote ';

/** One full navigation to url, timed from navigation start to the first note shown (and, on
 * the app's page, to the app's own first note). */
async function timeLoad(page: Page, url: string, app: boolean): Promise<Load> {
  await page.goto('about:blank');
  const reported = (prefix: string) =>
    page
      .waitForEvent('console', {
        predicate: (message) => message.text().startsWith(prefix),
        timeout: 30_000,
      })
      .then((message) => message.text().slice(prefix.length));
  const report = reported(REPORT);
  const appReport = app ? reported(APP_REPORT) : undefined;
  await page.goto(url, { waitUntil: 'commit' });
  const load = JSON.parse(await report) as Load;
  if (appReport) load.appNote = Number(await appReport);
  return load;
}

export async function measureNotesPage(input: NotesPageInput): Promise<NotesPageTimings> {
  const { stack, notebookId, loads } = input;
  const status = stack.status();
  const outDir = path.join(input.workDir, 'dist');
  await buildApp(
    { VITE_SUPABASE_URL: status.api_url, VITE_SUPABASE_PUBLISHABLE_KEY: status.publishable_key },
    outDir,
  );
  const config = {
    url: status.api_url,
    key: status.publishable_key,
    token: input.token,
    notebookId,
    userId: input.userId,
    columns: LIST_COLUMNS,
  };
  writeFileSync(path.join(outDir, BASELINE_FILE), baselineHtml(config));
  const port = await freePort();
  const server = await serveApp(outDir, port);
  const browser = await launchChromium();
  try {
    const appUrl = `http://127.0.0.1:${port}`;
    const context = await browser.newContext({ viewport: VIEWPORT });
    const e2e: E2E = {
      stack,
      stackUrl: stack.url,
      appUrl,
      browser,
      newPage: async () => ({ context, page: await context.newPage() }),
      close: async () => {},
    };
    const { page } = await e2e.newPage();
    await signInThroughForm(e2e, page, input.email, input.password);
    await page.waitForURL(`${appUrl}/`);
    const signedIn = await context.storageState();
    await context.addInitScript(watchFirstNote);

    const appPage = `${appUrl}/n/${notebookId}`;
    const baselinePage = `${appUrl}/${BASELINE_FILE}`;
    await timeLoad(page, appPage, true);
    await timeLoad(page, baselinePage, false);

    // Alternate the two pages so drift on this shared machine hits both alike.
    const appLoads: Load[] = [];
    const baseline: number[] = [];
    const fetchOnly: number[] = [];
    const cold: Load[] = [];
    const baselineCold: number[] = [];
    for (let i = 0; i < loads; i++) {
      cold.push(await coldLoad(browser, signedIn, appPage, true));
      baselineCold.push((await coldLoad(browser, signedIn, baselinePage, false)).firstNote);
      appLoads.push(await timeLoad(page, appPage, true));
      baseline.push((await timeLoad(page, baselinePage, false)).firstNote);
      fetchOnly.push(
        await page.evaluate(async () => {
          const w = window as unknown as { __firstPage(): Promise<unknown> };
          const t0 = performance.now();
          await w.__firstPage();
          return performance.now() - t0;
        }),
      );
    }
    const app = percentiles(appLoads.map((l) => l.firstNote));
    const median = appLoads.find((l) => l.firstNote === app.p50)!;
    const appCold = percentiles(cold.map((l) => l.firstNote));
    const coldMedian = cold.find((l) => l.firstNote === appCold.p50)!;
    return {
      loads,
      app,
      appCold,
      appReady: percentiles(appLoads.map((l) => l.appNote!)),
      appReadyCold: percentiles(cold.map((l) => l.appNote!)),
      baselineCold: percentiles(baselineCold),
      coldWaterfall: coldMedian.resources.sort((a, b) => a.start - b.start),
      baseline: percentiles(baseline),
      fetchOnly: percentiles(fetchOnly),
      appWaterfall: median.resources.sort((a, b) => a.start - b.start),
    };
  } finally {
    await browser.close();
    await server.close();
  }
}

function row(label: string, s: Percentiles, baseline: Percentiles): string[] {
  return [label, ms(s.p50), ms(s.p95), ratio(s.p50, baseline.p50)];
}

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;

/** A waterfall row: where from, the path and the query without its select list. */
function resourceRow(r: Resource, stackUrl: string): string[] {
  const url = new URL(r.url);
  url.searchParams.delete('select');
  const query = decodeURIComponent(url.search).replace(UUID, '…');
  const from = r.url.startsWith(stackUrl) ? 'stack' : 'app server';
  return [`${from}: \`${url.pathname}${query}\``, ms(r.start), ms(r.end)];
}

/** The section: the table against the baseline and the median app load's waterfall. */
export function notesPageSection(b: NotesPageTimings, rest: Stats, stackUrl: string): BenchSection {
  return {
    title: 'Notes: the first page in Chromium (time to first note shown)',
    body: [
      `The same user's notebook opened in the real app (\`/n/:id\`, production build served by`,
      `\`vite preview\`, headless Chromium, signed in through the form once, HTTP cache warm), ${b.loads}`,
      'loads each, alternating with the baseline. Timed in the page from navigation start to the',
      'animation frame after the first note item is in the DOM — drawn by index.html from the early',
      "response before the app's code has run (app/build/early-page.ts), or by the app; either is",
      'what a person sees. The fresh-context rows open a new',
      'browser context for each load holding only the signed-in cookies, so nothing is cached',
      '(scripts, compiled code, CORS preflights): a first visit. The preview server sends the hashed',
      'assets as immutable, as a production host does (app/build/asset-caching.ts), so a warm load',
      'asks it for index.html only; the page reports its first note on the console (nothing is',
      'injected into it while it loads). The "app in charge" rows time the app’s own first note:',
      "it has replaced index.html's early page, and links, keys and live updates work from then on.",
      '',
      'Baseline: a static page on the same preview server that makes exactly the requests the notes',
      "list needs (the person's pinned notes + the first 50 notes, same columns, same token) with",
      '`fetch` and lists the rows. It is the floor for any page that shows these notes — navigation, CORS, REST, RLS,',
      'the database — so the ratio is what the app itself adds: its bundle, React, restoring the',
      'session from cookies, and the requests it waits on before the list.',
      '',
      table(
        ['page', 'p50', 'p95', 'p50 vs baseline'],
        [
          row('static page + the 2 list requests — baseline', b.baseline, b.baseline),
          row('the app, /n/:notebookId', b.app, b.baseline),
          row('the app, fresh context (cookies only, nothing cached)', b.appCold, b.baseline),
          row('the baseline page, fresh context (for scale)', b.baselineCold, b.baseline),
          row('(for scale) the app in charge: its own first note, warm', b.appReady, b.baseline),
          row('(for scale) the app in charge, fresh context', b.appReadyCold, b.baseline),
          row('the 2 list requests alone (fetch, page already loaded)', b.fetchOnly, b.baseline),
          row('(for scale) REST first page via supabase-js from Node, above', rest, b.baseline),
        ],
      ),
      '',
      `What the median app load (${ms(b.app.p50)}) fetched before its first note showed, ms from`,
      'navigation start (the document itself not listed):',
      '',
      table(
        ['request', 'start', 'end'],
        b.appWaterfall.map((r) => resourceRow(r, stackUrl)),
      ),
      '',
      `And the median fresh-context load (${ms(b.appCold.p50)}):`,
      '',
      table(
        ['request', 'start', 'end'],
        b.coldWaterfall.map((r) => resourceRow(r, stackUrl)),
      ),
    ].join('\n'),
  };
}
