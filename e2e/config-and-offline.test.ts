// The app without a usable configuration shows a page naming each bad variable (never a blank
// screen); and a signed-in page that loses the network says so.
import { rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe.ts';
import { ARTIFACTS, buildApp, serveApp, startE2E, type E2E } from './support/harness.ts';
import { screenshots } from './support/screenshots.ts';
import { signInThroughForm } from './support/session.ts';

describe('configuration page', () => {
  const runDir = path.join(ARTIFACTS, `unconfigured-${process.pid}`);
  const outDir = path.join(runDir, 'dist');

  afterAll(() => rmSync(runDir, { recursive: true, force: true }));

  it('names a missing URL and a secret key put where the publishable key belongs', async () => {
    await buildApp(
      { VITE_SUPABASE_URL: undefined, VITE_SUPABASE_PUBLISHABLE_KEY: 'sb_secret_oops' },
      outDir,
    );
    const server = await serveApp(outDir, 4174);
    const { launchChromium } = await import('./support/chromium.ts');
    const browser = await launchChromium();
    try {
      const page = await browser.newPage();
      await page.goto('http://127.0.0.1:4174/sign-in');
      await page.getByRole('heading', { name: 'Sheaf is not configured' }).waitFor();
      const text = await page.getByRole('alert').innerText();
      expect(text).toContain('VITE_SUPABASE_URL is not set.');
      expect(text).toContain('VITE_SUPABASE_PUBLISHABLE_KEY holds a secret key');
      expect(await seriousViolations(page)).toEqual([]);
      await screenshots(page, 'config');
    } finally {
      await browser.close();
      await server.close();
    }
  });
});

describe('offline', () => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E();
  });
  afterAll(async () => {
    await e2e?.close();
  });

  it('says so when the network goes away, and an action fails with a sentence', async () => {
    const { context, page } = await e2e.newPage();
    await signInThroughForm(e2e, page, 'demo@sheaf.local', 'sheaf-demo-2026');
    await page.waitForURL(`${e2e.appUrl}/`);
    await page.goto(`${e2e.appUrl}/settings/security`);
    await page.getByRole('heading', { name: 'Settings' }).waitFor();
    await context.setOffline(true);
    const sentence =
      'You are offline. Check your connection; your work is kept until you are back.';
    await page.getByRole('status').filter({ hasText: sentence }).waitFor();
    await page.getByLabel('New email address').fill('someone-new@example.com');
    await page.getByRole('button', { name: 'Change email' }).click();
    await page.getByRole('alert').filter({ hasText: sentence }).waitFor();
    await screenshots(page, 'offline');
    await context.setOffline(false);
    await context.close();
  });
});
