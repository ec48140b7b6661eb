// The Chromium half of the bundle bench (issue 25): what a newcomer's browser really fetches
// before the sign-in form can be used, opening the app's address (`/`) and `/sign-in` directly,
// each in a fresh context with no cookie and nothing cached (e2e/support/first-scripts.ts). The
// static table above adds up the build's chunk graph for a page; this one counts the requests,
// so it also sees chunks a page asks for that the table does not name (a signed-in page's code
// fetched for a visitor who is then sent to sign in). The app is built against a stack in
// memory and served by `vite preview`, as the E2E tests do.
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startStack } from '../stack/src/index.ts';
import { launchChromium } from '../e2e/support/chromium.ts';
import { scriptsBeforeSignIn, SIGN_IN_BUDGET_BYTES } from '../e2e/support/first-scripts.ts';
import { buildApp, serveApp } from '../e2e/support/harness.ts';
import { freePort } from './browser-lib.ts';
import { table, type BenchSection } from './lib.ts';

const PAGES = ['/', '/sign-in'];
const LOADS = 3;

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

export async function signInBrowserSection(): Promise<BenchSection> {
  const root = mkdtempSync(path.join(os.tmpdir(), 'sheaf-bench-sign-in-'));
  const workdir = path.join(root, 'supabase');
  cpSync(path.join(import.meta.dirname, '..', 'supabase'), workdir, { recursive: true });
  const stack = await startStack({ workdir, port: 0, quiet: true, memory: true, env: {} });
  try {
    const status = stack.status();
    const outDir = path.join(root, 'dist');
    await buildApp(
      { VITE_SUPABASE_URL: status.api_url, VITE_SUPABASE_PUBLISHABLE_KEY: status.publishable_key },
      outDir,
    );
    const port = Number(process.env.SHEAF_E2E_APP_PORT) || (await freePort());
    const server = await serveApp(outDir, port);
    const browser = await launchChromium();
    try {
      const appUrl = `http://127.0.0.1:${port}`;
      const rows: string[][] = [];
      const details: string[] = [];
      for (const page of PAGES) {
        const loads = [];
        for (let i = 0; i < LOADS; i++)
          loads.push(await scriptsBeforeSignIn(browser, appUrl, page));
        // The largest of the loads (they differ only if a chunk's request races the form).
        const worst = loads.reduce((a, b) => (b.total > a.total ? b : a));
        rows.push([
          `\`${page}\``,
          `\`${worst.landed}\``,
          kib(worst.total),
          `${worst.files.length}`,
          worst.total <= SIGN_IN_BUDGET_BYTES ? 'within' : '**over**',
        ]);
        details.push(
          `- \`${page}\`: ${worst.files
            .map((f) => `${path.basename(f.path).replace(/-[\w-]{8}\.js$/, '')} ${kib(f.gzip)}`)
            .join(', ')}`,
        );
      }
      return {
        title: 'App: JavaScript a newcomer fetches before the sign-in form is usable (Chromium)',
        body: [
          'The production build served by `vite preview`, opened in headless Chromium in a fresh',
          'context (no cookie, nothing cached), as a first visit. Every script the page asks for',
          'from navigation until the sign-in form’s “Sign in” button is there and enabled, each',
          `gzipped at level 9 (as the table above), the largest of ${LOADS} loads. Budget: 100 KiB`,
          '(e2e/sign-in-budget.test.ts holds both pages to it).',
          '',
          table(['opened', 'landed on', 'JavaScript', 'files', 'budget'], rows),
          '',
          'The files (hash left off):',
          '',
          ...details,
        ].join('\n'),
      };
    } finally {
      await browser.close();
      await server.close();
    }
  } finally {
    await stack.stop();
    rmSync(root, { recursive: true, force: true });
  }
}
