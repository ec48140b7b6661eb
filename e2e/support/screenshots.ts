// Screenshots of a page at a phone width (360 px) and a desktop width (1280 px), written to
// e2e/screenshots/<name>-<width>.png on every run, so a person can look at them; a page wider
// than the window (sideways scrolling) fails the test.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';

export const SCREENSHOT_DIR = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  '..',
  'screenshots',
);

export const WIDTHS = [360, 1280] as const;

export async function screenshots(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const original = page.viewportSize();
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width === 360 ? 740 : 800 });
    // Let layout and paint settle at the new width before capturing.
    await page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
    );
    await page.waitForTimeout(100);
    // Nothing reaches past the page's edge: no sideways scrolling at any width.
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    if (scrollWidth > width)
      throw new Error(`${name} is ${scrollWidth} px wide at ${width} px: something overflows`);
    await page.screenshot({
      path: path.join(SCREENSHOT_DIR, `${name}-${width}.png`),
      fullPage: true,
    });
  }
  if (original) await page.setViewportSize(original);
}
