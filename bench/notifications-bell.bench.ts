// Issue 24's notification benchmark in Chromium: a mention reaching the other person's bell, next
// to a bare Realtime broadcast between the same two pages, paired in one run. The app is built and
// served as the E2E tests serve it (e2e/support/harness.ts, SHEAF_E2E_APP_PORT), two people sign up
// through the inbox and sign in through the form, each in a browser context of their own; Ana owns
// a notebook shared with Ben and has a comment thread open on its note; Ben's page shows the
// notebook with the bell in the header.
//   * measured: Ana replies in the thread mentioning Ben ("@" then picking him, as a person does)
//     and sends it; from the form's submit in Ana's page until the bell's unread count changes in
//     Ben's page (the bell's name, "Notifications, N unread").
//   * baseline: a broadcast from Ana's page to Ben's through the same Realtime, each page on a
//     plain WebSocket of its own joined with that person's access token (a public channel, JSON):
//     from the send in Ana's page until the message event in Ben's.
// Both pages run in one browser on one machine, so performance.timeOrigin + now() is one clock.
// The two alternate (paired; which goes first alternates too). Along the way the pages record
// their REST requests and the notification broadcast's arrival on Ben's socket, to say where the
// mention's time goes. Run it through the E2E lock: it starts Chromium.
import type { BrowserContext, Page } from 'playwright-core';
import { openShared, sharedNote } from '../e2e/collab-support/collab-steps.ts';
import { selectText, signedInPerson, type Person } from '../e2e/notes-support/notes-steps.ts';
import { startE2E } from '../e2e/support/harness.ts';
import { unique } from '../e2e/support/users.ts';
import { percentiles, type Percentiles } from './browser-lib.ts';
import { ms, ratio, table, type BenchSection } from './lib.ts';

/** SHEAF_BENCH_BELL_PAIRS=3 for a quick check of the set-up. */
const PAIRS = Number(process.env.SHEAF_BENCH_BELL_PAIRS) || 30;
const WARMUP = 3;
/** Quiet time after each round: the pages' coalesced refetches settle before the next. */
const GAP_MS = 400;
const BODY = 'The quick brown fox jumps over the lazy dog.';
const QUOTE = 'brown fox';

interface Traffic {
  __fetches: { url: string; method: string; start: number; end: number; read: number }[];
  __notified: number[];
  __submits: number[];
  __bell: { label: string; at: number }[];
  __bare: { ws: WebSocket; got: Record<number, number> };
}

/** In every page, before its scripts: the time (one clock for all pages) of each form submit,
 * each REST request (start and answer), and each notification broadcast arriving on a socket. */
function recordTraffic() {
  const w = window as unknown as Traffic & { WebSocket: typeof WebSocket; fetch: typeof fetch };
  const now = () => performance.timeOrigin + performance.now();
  w.__fetches = [];
  w.__notified = [];
  w.__submits = [];
  w.__bell = [];
  document.addEventListener('submit', () => w.__submits.push(now()), true);
  const nativeFetch = w.fetch.bind(w);
  w.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const method = (
      init?.method ?? (input instanceof Request ? input.method : 'GET')
    ).toUpperCase();
    const entry = { url, method, start: now(), end: NaN, read: NaN };
    if (!url.includes('/rest/v1/')) return nativeFetch(input, init);
    w.__fetches.push(entry);
    return nativeFetch(input, init).then(
      (response) => {
        entry.end = now();
        bodies.set(response, entry);
        return response;
      },
      (error: unknown) => {
        entry.end = now();
        throw error;
      },
    );
  };
  // When each REST answer's body has been read (supabase-js reads it as text).
  const bodies = new WeakMap<Response, { read: number }>();
  const nativeText = Response.prototype.text;
  Response.prototype.text = function (this: Response) {
    return nativeText.call(this).then((text) => {
      const entry = bodies.get(this);
      if (entry) entry.read = now();
      return text;
    });
  };
  const NativeSocket = w.WebSocket;
  const decoder = new TextDecoder();
  w.WebSocket = class extends NativeSocket {
    constructor(url: string | URL, protocols?: string | string[]) {
      super(url, protocols);
      this.addEventListener('message', (m: MessageEvent) => {
        const at = now();
        const text =
          typeof m.data === 'string'
            ? m.data
            : m.data instanceof ArrayBuffer
              ? decoder.decode(m.data)
              : '';
        if (text.includes('notifications') && !text.includes('postgres_changes'))
          w.__notified.push(at);
      });
    }
  };
}

/** In Ben's page: each change of the bell's name, timed as the DOM changes. */
function watchBell() {
  const w = window as unknown as Traffic;
  let last = document.querySelector('.notifications__bell')?.getAttribute('aria-label') ?? '';
  w.__bell = [];
  new MutationObserver(() => {
    const label = document.querySelector('.notifications__bell')?.getAttribute('aria-label') ?? '';
    if (label === last) return;
    last = label;
    w.__bell.push({ label, at: performance.timeOrigin + performance.now() });
  }).observe(document.body, {
    subtree: true,
    childList: true,
    attributes: true,
    attributeFilter: ['aria-label'],
  });
  return last;
}

/** The access token of the session the app keeps in this context's cookies (@supabase/ssr:
 * base64url JSON, possibly in chunks). */
async function accessToken(context: BrowserContext, appUrl: string): Promise<string> {
  const chunks = (await context.cookies(appUrl))
    .filter((c) => /^sb-[^.]+-auth-token(\.\d+)?$/.test(c.name))
    .sort((a, b) => Number(a.name.split('.')[1] ?? 0) - Number(b.name.split('.')[1] ?? 0));
  if (chunks.length === 0) throw new Error('no session cookie');
  const stored = chunks.map((c) => c.value).join('');
  const json = Buffer.from(stored.replace(/^base64-/, ''), 'base64url').toString('utf8');
  return (JSON.parse(json) as { access_token: string }).access_token;
}

/** Joins `topic` on a plain WebSocket of this page's own, with the person's access token. */
async function joinBare(page: Page, url: string, topic: string, token: string): Promise<void> {
  await page.evaluate(
    ({ url, topic, token }) =>
      new Promise<void>((resolve, reject) => {
        const w = window as unknown as Traffic;
        const ws = new WebSocket(url);
        w.__bare = { ws, got: {} };
        ws.onerror = () => reject(new Error('socket failed'));
        ws.onopen = () =>
          ws.send(
            JSON.stringify({
              topic,
              event: 'phx_join',
              ref: '1',
              join_ref: '1',
              payload: {
                config: { broadcast: { self: false }, private: false },
                access_token: token,
              },
            }),
          );
        ws.onmessage = (m) => {
          const msg = JSON.parse(String(m.data)) as {
            event: string;
            payload: { status?: string; payload?: { i: number } };
          };
          if (msg.event === 'phx_reply' && msg.payload.status === 'ok') resolve();
          if (msg.event === 'phx_reply' && msg.payload.status === 'error')
            reject(new Error(`join refused: ${JSON.stringify(msg.payload)}`));
          if (msg.event === 'broadcast' && msg.payload.payload)
            w.__bare.got[msg.payload.payload.i] = performance.timeOrigin + performance.now();
        };
      }),
    { url, topic, token },
  );
}

/** One bare broadcast from page a to page b; its time from send to arrival. */
async function bareRound(a: Page, b: Page, topic: string, i: number): Promise<number> {
  const sent = await a.evaluate(
    ({ topic, i }) => {
      const w = window as unknown as Traffic;
      const t = performance.timeOrigin + performance.now();
      w.__bare.ws.send(
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
  );
  const got = await b.waitForFunction((i) => (window as unknown as Traffic).__bare.got[i], i, {
    timeout: 10_000,
  });
  return ((await got.jsonValue()) as number) - sent;
}

interface MentionRound {
  total: number;
  /** Each from the submit, ms (NaN when the page did not see it). */
  written: number;
  heard: number;
  refetchStart: number;
  refetchEnd: number;
  refetchRead: number;
}

const threadOn = (page: Page) => page.getByRole('listitem', { name: `Comments on “${QUOTE}”` });

/** Ana opens a thread on the quote (the comment mentions nobody). */
async function openThread(page: Page): Promise<void> {
  await selectText(page, QUOTE);
  const start = page.getByRole('button', { name: 'Comment', exact: true });
  for (let i = 0; !(await start.isEnabled()); i++) {
    if (i > 50) throw new Error('the Comment button stayed disabled');
    await page.waitForTimeout(100);
  }
  await start.click();
  const box = page.getByRole('textbox', { name: 'Your comment' });
  await box.fill('A thread for the bench.');
  await page
    .getByRole('complementary', { name: 'Comments' })
    .getByRole('button', { name: 'Comment', exact: true })
    .last()
    .click();
  await box.waitFor({ state: 'detached' });
  await threadOn(page).waitFor();
}

/** Ana replies mentioning Ben; timed from the submit until Ben's bell shows one more unread. */
async function mentionRound(
  ana: Page,
  ben: Page,
  i: number,
  unread: number,
): Promise<MentionRound> {
  const thread = threadOn(ana);
  const box = thread.getByRole('textbox', { name: 'Reply' });
  await box.click();
  await ana.keyboard.type(`Round ${i}: @ben`);
  await ana
    .getByRole('listbox', { name: 'People to mention' })
    .getByRole('option', { name: /^@ben/ })
    .waitFor();
  await ana.keyboard.press('Enter');
  if (!/\]\(sheaf:user\/[0-9a-f-]{36}\)/.test(await box.inputValue()))
    throw new Error(`the reply holds no mention: ${await box.inputValue()}`);
  const before = await ana.evaluate(() => (window as unknown as Traffic).__submits.length);
  await thread.getByRole('button', { name: 'Reply', exact: true }).click();
  const label = `Notifications, ${unread + 1} unread`;
  await ben.waitForFunction(
    (label) => (window as unknown as Traffic).__bell.some((b) => b.label === label),
    label,
    { timeout: 20_000 },
  );
  const a = await ana.evaluate((before) => {
    const w = window as unknown as Traffic;
    return { t0: w.__submits[before]!, fetches: w.__fetches };
  }, before);
  const b = await ben.evaluate(() => {
    const w = window as unknown as Traffic;
    return { bell: w.__bell, fetches: w.__fetches, notified: w.__notified };
  });
  const { t0 } = a;
  const t1 = b.bell.find((x) => x.label === label)!.at;
  const write = a.fetches.find(
    (f) => f.method === 'POST' && /\/rest\/v1\/comments(\?|$)/.test(f.url) && f.start >= t0,
  );
  const heard = b.notified.find((t) => t >= t0) ?? NaN;
  const refetches = b.fetches.filter(
    (f) =>
      (f.method === 'GET' || f.method === 'HEAD') &&
      /\/rest\/v1\/notifications\?/.test(f.url) &&
      f.start >= heard,
  );
  const refetchStart = refetches[0]?.start ?? NaN;
  const pair = refetches.filter((f) => f.start - refetchStart < 50);
  const refetchEnd = Math.max(...pair.map((f) => f.end));
  // A HEAD (the count) has no body to read.
  const refetchRead = Math.max(...pair.map((f) => (Number.isFinite(f.read) ? f.read : f.end)));
  if (process.env.SHEAF_BENCH_BELL_DEBUG)
    console.log(
      JSON.stringify(
        b.fetches
          .filter((f) => f.start >= t0)
          .map((f) => ({ ...f, start: f.start - t0, end: f.end - t0, read: f.read - t0 })),
      ),
    );
  await ana.waitForTimeout(GAP_MS);
  return {
    total: t1 - t0,
    written: (write?.end ?? NaN) - t0,
    heard: heard - t0,
    refetchStart: refetchStart - t0,
    refetchEnd: refetchEnd - t0,
    refetchRead: refetchRead - t0,
  };
}

const unreadOf = (label: string) => Number(/(\d+) unread/.exec(label)?.[1] ?? 0);

export default async function notificationsBellBench(): Promise<BenchSection[]> {
  const e2e = await startE2E();
  try {
    const people: Person[] = [];
    for (const name of ['ana', 'ben'])
      people.push(await signedInPerson(e2e, unique(name), `${name}-pass-123`));
    const [ana, ben] = people as [Person, Person];
    const note = await sharedNote(e2e, ana, [{ person: ben, role: 'commenter' }], 'Bell', BODY);
    for (const { context } of people) {
      // tsx compiles the functions handed to page.evaluate with esbuild's __name helper.
      await context.addInitScript('globalThis.__name = (fn) => fn;');
      await context.addInitScript(recordTraffic);
    }
    await openShared(ana.page, note.url);
    await openThread(ana.page);
    await ben.page.goto(`${e2e.appUrl}/n/${note.notebookId}`);
    await ben.page.getByRole('button', { name: /^Notifications/ }).waitFor();
    // Ben's bell has counted the share before we start watching it.
    await ben.page.getByRole('button', { name: 'Notifications, 1 unread', exact: true }).waitFor();
    let unread = unreadOf(await ben.page.evaluate(watchBell));

    const status = e2e.stack.status();
    const socketUrl = `${status.api_url.replace(/^http/, 'ws')}/realtime/v1/websocket?apikey=${status.publishable_key}&vsn=1.0.0`;
    const topic = `realtime:bench-bell-${Date.now()}`;
    await joinBare(ana.page, socketUrl, topic, await accessToken(ana.context, e2e.appUrl));
    await joinBare(ben.page, socketUrl, topic, await accessToken(ben.context, e2e.appUrl));

    const bare: number[] = [];
    const mentions: MentionRound[] = [];
    let sent = 0;
    for (let round = 0; round < WARMUP + PAIRS; round++) {
      const counted = round >= WARMUP;
      const doBare = async () => {
        const t = await bareRound(ana.page, ben.page, topic, sent++);
        if (counted) bare.push(t);
        await ana.page.waitForTimeout(GAP_MS);
      };
      const doMention = async () => {
        const m = await mentionRound(ana.page, ben.page, round, unread++);
        if (counted) mentions.push(m);
      };
      if (round % 2 === 0) {
        await doBare();
        await doMention();
      } else {
        await doMention();
        await doBare();
      }
    }
    return [section(bare, mentions)];
  } finally {
    await e2e.close();
  }
}

function section(bare: number[], mentions: MentionRound[]): BenchSection {
  const base = percentiles(bare);
  const total = percentiles(mentions.map((m) => m.total));
  const stage = (values: number[]) => percentiles(values.filter((v) => Number.isFinite(v)));
  const seen = (pick: (m: MentionRound) => number) =>
    mentions.filter((m) => Number.isFinite(pick(m))).length;
  const stages: [string, Percentiles, number][] = [
    [
      "the comment's POST answered in Ana's page (the insert, its triggers, the notification and its `realtime.send`)",
      stage(mentions.map((m) => m.written)),
      seen((m) => m.written),
    ],
    [
      "the notification's broadcast arrives on Ben's socket",
      stage(mentions.map((m) => m.heard)),
      seen((m) => m.heard),
    ],
    [
      "Ben's page asks for his notifications again (at once for the first change of a burst)",
      stage(mentions.map((m) => m.refetchStart)),
      seen((m) => m.refetchStart),
    ],
    [
      'both requests (the list and the unread count) answered (headers)',
      stage(mentions.map((m) => m.refetchEnd)),
      seen((m) => m.refetchEnd),
    ],
    [
      'and their bodies read',
      stage(mentions.map((m) => m.refetchRead)),
      seen((m) => m.refetchRead),
    ],
    ["the bell's count changed (as above)", total, mentions.length],
  ];
  return {
    title: "Notifications in Chromium: a mention reaching the other person's bell",
    body: [
      'Two people signed up through the inbox and signed in through the form, each in a context of',
      'their own in one headless Chromium, on the production build served by `vite preview` and',
      'the stack in memory (PGlite). Ana owns a notebook shared with Ben, with a comment thread open',
      "on its note; Ben's page shows the notebook, the bell in its header. A mention: Ana replies",
      'in the thread, types "@ben", picks him and sends; timed from the form\'s submit in Ana\'s',
      "page until the bell's unread count changes in Ben's DOM. Baseline: a broadcast from Ana's page",
      "to Ben's through the same Realtime, each on a plain WebSocket joined with that person's own",
      `access token, from the send to the message event. ${PAIRS} pairs after ${WARMUP} warm-up pairs,`,
      'alternating (and alternating which goes first), one clock for both pages.',
      '',
      table(
        ['path', 'p50', 'p95', 'p50 vs baseline', 'p95 vs baseline'],
        [
          [
            "bare broadcast, Ana's page → Ben's — baseline",
            ms(base.p50),
            ms(base.p95),
            '1.00×',
            '1.00×',
          ],
          [
            "mention sent in Ana's page → Ben's bell count changed",
            ms(total.p50),
            ms(total.p95),
            ratio(total.p50, base.p50),
            ratio(total.p95, base.p95),
          ],
        ],
      ),
      '',
      "Where the mention's time goes, from the submit (the same rounds; each stage's own",
      'percentiles, so they need not add up):',
      '',
      table(
        ['by then', 'p50', 'p95', 'rounds seen'],
        stages.map(([label, s, n]) => [label, ms(s.p50), ms(s.p95), `${n}/${mentions.length}`]),
      ),
    ].join('\n'),
  };
}
