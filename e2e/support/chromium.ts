// Finds and launches the system Chromium for the E2E tests. Without one the tests fail with a
// single line saying how to install it; they never pass by skipping.
import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
];

export function findChromium(env: NodeJS.ProcessEnv = process.env): string {
  const candidates = [env.CHROMIUM_PATH, '/usr/bin/chromium'].filter((p): p is string => !!p);
  const found = candidates.find((p) => existsSync(p));
  if (!found)
    throw new Error(
      `Chromium not found (CHROMIUM_PATH=${env.CHROMIUM_PATH ?? 'unset'}, /usr/bin/chromium missing): install it with "apt-get install chromium" or set CHROMIUM_PATH.`,
    );
  return found;
}

/** Launches headless Chromium; Playwright gives every launch a fresh, temporary user-data-dir. */
export async function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: findChromium(), headless: true, args: CHROMIUM_FLAGS });
}
