// One E2E environment: the stack from the repository's supabase/ folder (in memory, free port),
// the app built with that stack's URL and publishable key and served by `vite preview` on
// 127.0.0.1:4173 (an allowed redirect URL in config.toml), and headless Chromium. Another port
// (SHEAF_E2E_APP_PORT, so that two runs on one machine need not take turns) is added to this
// run's own stack's redirect URLs, site URL and the address the functions put in their emails.
import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { build, preview, type PreviewServer } from 'vite';
import { startStack, type RunningStack } from '../../stack/src/index.ts';
import { launchChromium } from './chromium.ts';
import { record } from './flight-recorder.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const APP = path.join(ROOT, 'app');
export const APP_PORT = Number(process.env.SHEAF_E2E_APP_PORT) || 4173;

export interface E2E {
  stack: RunningStack;
  stackUrl: string;
  appUrl: string;
  browser: Browser;
  /** A fresh browser context (its own cookies, storage and service worker) with one page;
   * `options` are Playwright's for the context (e.g. serviceWorkers: 'block'). */
  newPage(options?: BrowserContextOptions): Promise<{ context: BrowserContext; page: Page }>;
  close(): Promise<void>;
}

/** Builds the app with these variables baked in (as `vite build` does with an .env file). */
export async function buildApp(
  env: Record<string, string | undefined>,
  outDir: string,
): Promise<void> {
  const saved = {
    VITE_SUPABASE_URL: process.env.VITE_SUPABASE_URL,
    VITE_SUPABASE_PUBLISHABLE_KEY: process.env.VITE_SUPABASE_PUBLISHABLE_KEY,
  };
  for (const [k, v] of Object.entries({ ...saved, ...env })) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  try {
    await build({
      root: APP,
      configFile: path.join(APP, 'vite.config.ts'),
      logLevel: 'error',
      build: { outDir, emptyOutDir: true, sourcemap: false },
    });
  } finally {
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  }
}

/** Serves a built app with `vite preview` (SPA fallback) on 127.0.0.1:port. The port is fixed
 * (config.toml allows redirects to it), so when another E2E run holds it we wait our turn. */
export async function serveApp(
  outDir: string,
  port: number,
  waitMs = 150_000,
): Promise<PreviewServer> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    try {
      return await preview({
        root: APP,
        configFile: path.join(APP, 'vite.config.ts'),
        logLevel: 'silent',
        build: { outDir },
        preview: { host: '127.0.0.1', port, strictPort: true },
      });
    } catch (error) {
      const busy = error instanceof Error && /in use|EADDRINUSE/i.test(error.message);
      if (!busy || Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  }
}

export const ARTIFACTS = path.join(ROOT, 'e2e', 'artifacts');

export interface E2EOptions {
  /** The host the app is opened at. Passkeys need "localhost": a browser refuses an IP address
   * as a WebAuthn relying party (config.toml's [auth.webauthn] rp_id is "localhost"). The app is
   * served on 127.0.0.1 either way; localhost reaches it there. */
  host?: '127.0.0.1' | 'localhost';
}

export async function startE2E(options: E2EOptions = {}): Promise<E2E> {
  const appUrl = `http://${options.host ?? '127.0.0.1'}:${APP_PORT}`;
  const browser = await launchChromium();
  let stack: RunningStack | undefined;
  let server: PreviewServer | undefined;
  // One build per test process: concurrent runs must not empty each other's files.
  // (named …/dist so lint and format skip it like any build output)
  const runDir = path.join(ARTIFACTS, `run-${process.pid}-${Date.now().toString(36)}`);
  const outDir = path.join(runDir, 'dist');
  try {
    stack = await startStack({
      workdir: path.join(ROOT, 'supabase'),
      port: 0,
      memory: true,
      quiet: true,
      env: { ...process.env, DATABASE_URL: undefined },
    });
    const status = stack.status();
    // This run's app: where Auth may send people back to, what function emails link to, and the
    // site URL (Auth's emails build their links on it, as Sheaf's templates do on hosted).
    const { auth, edgeRuntime } = stack.config;
    auth.siteUrl = appUrl;
    if (!auth.additionalRedirectUrls.includes(`${appUrl}/**`))
      auth.additionalRedirectUrls.push(`${appUrl}/**`);
    edgeRuntime.secrets.SHEAF_APP_URL = appUrl;
    if (!auth.webauthn.rpOrigins.includes(appUrl)) auth.webauthn.rpOrigins.push(appUrl);
    await buildApp(
      {
        VITE_SUPABASE_URL: status.api_url,
        VITE_SUPABASE_PUBLISHABLE_KEY: status.publishable_key,
      },
      outDir,
    );
    server = await serveApp(outDir, APP_PORT);
  } catch (error) {
    await server?.close();
    await stack?.stop();
    await browser.close();
    throw error;
  }
  const running = stack;
  const httpServer = server;
  return {
    stack: running,
    stackUrl: running.url,
    appUrl,
    browser,
    async newPage(options = {}) {
      const context = await browser.newContext({
        viewport: { width: 1280, height: 800 },
        ...options,
      });
      record(context);
      const page = await context.newPage();
      return { context, page };
    },
    async close() {
      await browser.close();
      await httpServer.close();
      await running.stop();
      rmSync(runDir, { recursive: true, force: true });
    },
  };
}
