// What the browser did while a test ran, printed only when the test fails: console errors and
// warnings, uncaught page errors, requests that failed or were answered ≥ 400, every write sent
// to the data APIs with its answer, and each open page's address, its alerts, what has the
// keyboard focus and the accessible tree of what it shows. A journey that fails in CI
// (on a loaded machine, once in many runs) then says what the page was doing, not only which
// locator timed out. Every context the harness opens is recorded; the log starts afresh with
// each test (e2e/support/failure-report.ts).
import type { BrowserContext, Page } from 'playwright-core';

const LIMIT = 40;
const WRITES = new Set(['POST', 'PATCH', 'PUT', 'DELETE']);
const DATA_API = /\/(rest|storage|functions)\/v1\//;
const SNAPSHOT_CHARS = 1_500;
let started = Date.now();
let events: string[] = [];
const pages = new Set<Page>();

function note(line: string): void {
  events.push(`+${((Date.now() - started) / 1000).toFixed(2)}s ${line}`);
  if (events.length > LIMIT) events = events.slice(-LIMIT);
}

function watch(page: Page, name: () => string): void {
  pages.add(page);
  page.on('close', () => pages.delete(page));
  page.on('console', (message) => {
    const type = message.type();
    if (type === 'error' || type === 'warning')
      note(`${name()} console.${type}: ${message.text()}`);
  });
  page.on('pageerror', (error) => note(`${name()} page error: ${error.stack ?? error.message}`));
  page.on('requestfailed', (request) =>
    note(
      `${name()} request failed: ${request.method()} ${request.url()} (${request.failure()?.errorText ?? 'unknown'})`,
    ),
  );
  page.on('response', (response) => {
    const method = response.request().method();
    // Writes are few and say what the page did (a pin, a save): each one, answered or not.
    if (response.status() >= 400 || (WRITES.has(method) && DATA_API.test(response.url())))
      note(`${name()} ${response.status()}: ${method} ${response.url()}`);
  });
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) note(`${name()} at ${frame.url()}`);
  });
}

let contexts = 0;
/** Records every page of the context, now and later. */
export function record(context: BrowserContext): void {
  const id = ++contexts;
  let tabs = 0;
  const add = (page: Page) => {
    const tab = ++tabs;
    watch(page, () => `[context ${id} tab ${tab}]`);
  };
  context.pages().forEach(add);
  context.on('page', add);
}

/** Starts the log afresh (each test). */
export function resetRecording(): void {
  events = [];
  started = Date.now();
}

/** What has the keyboard focus in the page: its tag, role and name as a person would tell it. */
function focusedElement(): string {
  const at = document.activeElement;
  if (!at || at === document.body) return 'the page itself (nothing focused)';
  const label =
    at.getAttribute('aria-label') ??
    (at.id ? document.querySelector(`label[for="${CSS.escape(at.id)}"]`)?.textContent : null) ??
    at.textContent?.slice(0, 40) ??
    '';
  const role = at.getAttribute('role');
  return `<${at.tagName.toLowerCase()}${role ? ` role=${role}` : ''}> "${label.trim()}"`;
}

/** The log and what each open page shows now. */
export async function recording(): Promise<string> {
  const lines = ['— what the browser did during the test —', ...events];
  for (const page of pages) {
    lines.push(`— page at ${page.url()} —`);
    try {
      const alerts = await page.getByRole('alert').allTextContents();
      if (alerts.length) lines.push(`alerts: ${alerts.map((a) => JSON.stringify(a)).join(', ')}`);
      const statuses = await page.getByRole('status').allTextContents();
      if (statuses.length)
        lines.push(`statuses: ${statuses.map((a) => JSON.stringify(a)).join(', ')}`);
      lines.push(`focus: ${await page.evaluate(focusedElement)}`);
      // The open note when there is one (the header and sidebar would fill the space), else
      // the whole page.
      const note = page.locator('main article');
      const tree = await ((await note.count()) === 1 ? note : page.locator('body')).ariaSnapshot({
        timeout: 2_000,
      });
      lines.push(tree.length > SNAPSHOT_CHARS ? `${tree.slice(0, SNAPSHOT_CHARS)}\n… (cut)` : tree);
    } catch (error) {
      lines.push(`(could not read the page: ${(error as Error).message.split('\n')[0]})`);
    }
  }
  return lines.join('\n');
}
