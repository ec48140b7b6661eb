// The Chromium half of issue 13's benchmarks, with the real app built and served on a free port:
//   * keystroke to visible on the other screen: two people (two browser contexts) have one note
//     open; one types, and each key's time from its keydown in the first page to the frame its
//     character appears in the second page's editor is taken (both pages run in one browser on
//     one machine, so performance.timeOrigin + now() is one clock). Baseline in the same run: a
//     bare broadcast between the same two pages through the same Realtime service (a plain
//     WebSocket, a public channel, JSON) — the transport alone.
//   * typing in a 1 MB note: keydown to the frame after it was handled, in the app's shared
//     editor, next to a plain <textarea> holding the same megabyte in the same browser.
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import type { RunningStack } from '../stack/src/index.ts';
import { launchChromium } from '../e2e/support/chromium.ts';
import { buildApp, serveApp, type E2E } from '../e2e/support/harness.ts';
import { signInThroughForm } from '../e2e/support/session.ts';
import { freePort, percentiles, type Percentiles } from './browser-lib.ts';

export interface CollabBrowserInput {
  stack: RunningStack;
  workDir: string;
  people: { email: string; password: string }[];
  notebookId: string;
  /** A small note both people edit. */
  noteId: string;
  /** A note of about 1 MB of text. */
  bigNoteId: string;
  bigText: string;
  keys: number;
}

export interface CollabBrowserTimings {
  keystroke: Percentiles;
  broadcast: Percentiles;
  bigNote: Percentiles;
  textarea: Percentiles;
}

const GAP = 120;
const EDITABLE = '.md-editor .cm-content[contenteditable="true"]';

/** In the page: the time of each keydown (performance.timeOrigin + now). */
function recordKeydowns() {
  const w = window as unknown as { __keys: number[] };
  w.__keys = [];
  document.addEventListener(
    'keydown',
    () => w.__keys.push(performance.timeOrigin + performance.now()),
    true,
  );
}

/** In the page: the first time the editor's text (others' carets left out) reached each length. */
function recordLengths() {
  const w = window as unknown as { __lengths: Record<number, number> };
  w.__lengths = {};
  const content = document.querySelector('.md-editor .cm-content')!;
  const length = () => {
    let n = 0;
    content.querySelectorAll('.cm-line').forEach((line) => {
      const copy = line.cloneNode(true) as HTMLElement;
      copy.querySelectorAll('.cm-ySelectionCaret').forEach((c) => c.remove());
      n += (copy.textContent ?? '').length;
    });
    return n;
  };
  new MutationObserver(() => {
    const n = length();
    if (w.__lengths[n] !== undefined) return;
    requestAnimationFrame(() => (w.__lengths[n] ??= performance.timeOrigin + performance.now()));
  }).observe(content, { childList: true, subtree: true, characterData: true });
  return length();
}

/** In the page: keydown to the frame after it was handled, per key. */
function recordInputLatency() {
  const w = window as unknown as { __latency: number[] };
  w.__latency = [];
  document.addEventListener(
    'keydown',
    () => {
      const t0 = performance.now();
      requestAnimationFrame(() => setTimeout(() => w.__latency.push(performance.now() - t0), 0));
    },
    true,
  );
}

async function signedIn(e2e: E2E, person: { email: string; password: string }) {
  const context = await e2e.browser.newContext({ viewport: { width: 1280, height: 800 } });
  // tsx compiles the functions handed to page.evaluate with esbuild's __name helper.
  await context.addInitScript('globalThis.__name = (fn) => fn;');
  const page = await context.newPage();
  await signInThroughForm(e2e, page, person.email, person.password);
  await page.waitForURL(`${e2e.appUrl}/`);
  return { context, page };
}

async function typeKeys(page: Page, count: number): Promise<void> {
  for (let i = 0; i < count; i++) {
    await page.keyboard.type(String.fromCharCode(97 + (i % 26)));
    await page.waitForTimeout(GAP);
  }
}

/** A bare broadcast A → B over the same Realtime (plain WebSocket, public channel). */
async function broadcastRoundTrip(
  a: Page,
  b: Page,
  socketUrl: string,
  count: number,
): Promise<number[]> {
  const join = (page: Page, topic: string) =>
    page.evaluate(
      ({ url, topic }) =>
        new Promise<void>((resolve, reject) => {
          const w = window as unknown as { __ws: WebSocket; __got: Record<number, number> };
          w.__got = {};
          const ws = new WebSocket(url);
          w.__ws = ws;
          ws.onerror = () => reject(new Error('socket failed'));
          ws.onopen = () =>
            ws.send(
              JSON.stringify({
                topic,
                event: 'phx_join',
                ref: '1',
                join_ref: '1',
                payload: { config: { broadcast: { self: false }, private: false } },
              }),
            );
          ws.onmessage = (m) => {
            const msg = JSON.parse(String(m.data)) as {
              event: string;
              payload: { status?: string; payload?: { i: number } };
            };
            if (msg.event === 'phx_reply' && msg.payload.status === 'ok') resolve();
            if (msg.event === 'broadcast' && msg.payload.payload)
              w.__got[msg.payload.payload.i] = performance.timeOrigin + performance.now();
          };
        }),
      { url: socketUrl, topic },
    );
  const topic = `realtime:bench-${Date.now()}`;
  await join(a, topic);
  await join(b, topic);
  const sent: number[] = [];
  for (let i = 0; i < count; i++) {
    sent.push(
      await a.evaluate(
        ({ topic, i }) => {
          const w = window as unknown as { __ws: WebSocket };
          const t = performance.timeOrigin + performance.now();
          w.__ws.send(
            JSON.stringify({
              topic,
              event: 'broadcast',
              ref: String(i + 2),
              join_ref: '1',
              payload: { type: 'broadcast', event: 'ping', payload: { i } },
            }),
          );
          return t;
        },
        { topic, i },
      ),
    );
    await a.waitForTimeout(GAP);
  }
  const got = await b.evaluate(
    () => (window as unknown as { __got: Record<number, number> }).__got,
  );
  return sent.map((t, i) => got[i]! - t).filter((v) => Number.isFinite(v));
}

async function bigNoteTyping(page: Page, url: string, keys: number): Promise<number[]> {
  await page.goto(url);
  await page.locator(EDITABLE).waitFor({ timeout: 120_000 });
  await page.locator(EDITABLE).click();
  await page.keyboard.press('Control+End');
  await page.evaluate(recordInputLatency);
  await typeKeys(page, keys);
  return page.evaluate(() => (window as unknown as { __latency: number[] }).__latency);
}

async function textareaTyping(context: BrowserContext, text: string, keys: number) {
  const page = await context.newPage();
  await page.setContent('<!doctype html><textarea id="t" aria-label="baseline"></textarea>');
  await page.evaluate((value) => {
    const area = document.getElementById('t') as HTMLTextAreaElement;
    area.value = value;
    area.focus();
    area.setSelectionRange(value.length, value.length);
  }, text);
  await page.evaluate(recordInputLatency);
  await typeKeys(page, keys);
  const latency = await page.evaluate(
    () => (window as unknown as { __latency: number[] }).__latency,
  );
  await page.close();
  return latency;
}

export async function measureCollabBrowser(
  input: CollabBrowserInput,
): Promise<CollabBrowserTimings> {
  const { stack, keys } = input;
  const status = stack.status();
  const outDir = path.join(input.workDir, 'dist');
  await buildApp(
    { VITE_SUPABASE_URL: status.api_url, VITE_SUPABASE_PUBLISHABLE_KEY: status.publishable_key },
    outDir,
  );
  const port = await freePort();
  const server = await serveApp(outDir, port);
  const browser = await launchChromium();
  try {
    const appUrl = `http://127.0.0.1:${port}`;
    const e2e = { stack, stackUrl: stack.url, appUrl, browser } as E2E;
    const [a, b] = [await signedIn(e2e, input.people[0]!), await signedIn(e2e, input.people[1]!)];
    const noteUrl = `${appUrl}/n/${input.notebookId}/${input.noteId}`;
    for (const { page } of [a, b]) {
      await page.goto(noteUrl);
      await page.locator(EDITABLE).waitFor();
    }
    await a.page.locator(EDITABLE).click();
    await a.page.keyboard.press('Control+End');
    // Warm-up: the first keys open the channel's paths; not counted.
    await typeKeys(a.page, 5);
    await b.page.waitForTimeout(1000);
    await a.page.evaluate(recordKeydowns);
    const base = await b.page.evaluate(recordLengths);
    await typeKeys(a.page, keys);
    await b.page.waitForTimeout(2000);
    const downs = await a.page.evaluate(() => (window as unknown as { __keys: number[] }).__keys);
    const seen = await b.page.evaluate(
      () => (window as unknown as { __lengths: Record<number, number> }).__lengths,
    );
    const keystroke = downs
      .map((t, i) => (seen[base + i + 1] ?? NaN) - t)
      .filter((v) => Number.isFinite(v));

    const socketUrl = `${status.api_url.replace(/^http/, 'ws')}/realtime/v1/websocket?apikey=${status.publishable_key}&vsn=1.0.0`;
    const broadcast = await broadcastRoundTrip(a.page, b.page, socketUrl, keys);

    const bigUrl = `${appUrl}/n/${input.notebookId}/${input.bigNoteId}`;
    const big = await bigNoteTyping(a.page, bigUrl, keys);
    const area = await textareaTyping(a.context, input.bigText, keys);
    if (keystroke.length < keys / 2 || broadcast.length < keys / 2)
      throw new Error(`too few samples: ${keystroke.length} keys, ${broadcast.length} broadcasts`);
    return {
      keystroke: percentiles(keystroke),
      broadcast: percentiles(broadcast),
      bigNote: percentiles(big),
      textarea: percentiles(area),
    };
  } finally {
    await browser.close();
    await server.close();
  }
}
