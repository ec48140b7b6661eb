// The JavaScript a newcomer's browser fetches before the sign-in form can be used (issue 25): a
// fresh Chromium context (no cookie, nothing cached) opens a page of the production build, and
// every script it asks for until the form's "Sign in" button is there and enabled is counted,
// gzipped at level 9 as a server would send it (the same measure as bench/bundle.bench.ts's
// table). Shared by the bench (bench/bundle.bench.ts) and the budget test
// (e2e/sign-in-budget.test.ts).
import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';

/** The budget: gzipped JavaScript before the sign-in form is usable. */
export const SIGN_IN_BUDGET_BYTES = 100 * 1024;

export interface FirstScripts {
  /** Where the page ended up (the path). */
  landed: string;
  /** Each script file asked for before the form was usable, by its path, gzipped bytes. */
  files: { path: string; gzip: number }[];
  /** Their sum. */
  total: number;
}

/** Reports on the console, from inside the page, once the form's submit button is enabled
 * (nothing is injected into the page while it loads: it runs as an init script). Source text,
 * not a function: a transpiler's helpers (tsx names functions with `__name`) are not in the page. */
const WATCH_SIGN_IN_BUTTON = `(() => {
  const observer = new MutationObserver(() => {
    const button = document.querySelector('form[aria-label="Sign in"] button[type="submit"]');
    if (!button || button.disabled || !/Sign in/.test(button.textContent || '')) return;
    observer.disconnect();
    console.debug('__signInReady');
  });
  observer.observe(document, { childList: true, subtree: true, attributes: true });
})();`;

/** Opens `path` of the app at `appUrl` in a fresh context of `browser` and counts the scripts. */
export async function scriptsBeforeSignIn(
  browser: Browser,
  appUrl: string,
  path: string,
): Promise<FirstScripts> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    await context.addInitScript(WATCH_SIGN_IN_BUTTON);
    const page = await context.newPage();
    const asked: string[] = [];
    let done = false;
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (!done && url.origin === appUrl && url.pathname.endsWith('.js')) asked.push(url.pathname);
    });
    const ready = page.waitForEvent('console', {
      predicate: (message) => message.text() === '__signInReady',
      timeout: 30_000,
    });
    await page.goto(`${appUrl}${path}`, { waitUntil: 'commit' });
    await ready;
    done = true;
    const landed = new URL(page.url()).pathname;
    const files = await Promise.all(
      [...new Set(asked)].map(async (file) => {
        const response = await fetch(`${appUrl}${file}`);
        if (!response.ok) throw new Error(`first-scripts: ${file} answered ${response.status}`);
        const body = Buffer.from(await response.arrayBuffer());
        return { path: file, gzip: gzipSync(body, { level: 9 }).length };
      }),
    );
    return { landed, files, total: files.reduce((sum, f) => sum + f.gzip, 0) };
  } finally {
    await context.close();
  }
}
