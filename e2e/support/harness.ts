// One E2E environment: the stack from the repository's supabase/ folder (in memory, free port),
// the app built with that stack's URL and publishable key and served by `vite preview` on
// 127.0.0.1:4173 (an allowed redirect URL in config.toml), and headless Chromium.
import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { build, preview, type PreviewServer } from 'vite';
import { startStack, type RunningStack } from '../../stack/src/index.ts';
import { launchChromium } from './chromium.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const APP = path.join(ROOT, 'app');
export const APP_PORT = 4173;

export interface E2E {
  stack: RunningStack;
  stackUrl: string;
  appUrl: string;
  browser: Browser;
  /** A new browser context (its own cookies: a separate person) with one page. */
  newPage(): Promise<{ context: BrowserContext; page: Page }>;
  close(): Promise<void>;
}

export async function startE2E(): Promise<E2E> {
  const browser = await launchChromium();
  let stack: RunningStack | undefined;
  let server: PreviewServer | undefined;
  const outDir = path.join(ROOT, 'e2e', 'artifacts', 'dist');
  try {
    stack = await startStack({
      workdir: path.join(ROOT, 'supabase'),
      port: 0,
      memory: true,
      quiet: true,
      env: { ...process.env, DATABASE_URL: undefined },
    });
    const status = stack.status();
    process.env.VITE_SUPABASE_URL = status.api_url;
    process.env.VITE_SUPABASE_PUBLISHABLE_KEY = status.publishable_key;
    await build({
      root: APP,
      configFile: path.join(APP, 'vite.config.ts'),
      logLevel: 'error',
      build: { outDir, emptyOutDir: true, sourcemap: false },
    });
    server = await preview({
      root: APP,
      configFile: path.join(APP, 'vite.config.ts'),
      logLevel: 'error',
      build: { outDir },
      preview: { host: '127.0.0.1', port: APP_PORT, strictPort: true },
    });
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
    appUrl: `http://127.0.0.1:${APP_PORT}`,
    browser,
    async newPage() {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      const page = await context.newPage();
      return { context, page };
    },
    async close() {
      await browser.close();
      await httpServer.close();
      await running.stop();
      rmSync(outDir, { recursive: true, force: true });
    },
  };
}
