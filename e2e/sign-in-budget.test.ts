// A newcomer's first visit (issue 25): opening the app's address (`/`) in a fresh Chromium
// context, with no cookie, goes to the sign-in form without fetching any of the signed-in home's
// code, and the form is usable after at most 100 KiB of gzipped JavaScript — exactly what
// opening /sign-in directly fetches (e2e/support/first-scripts.ts counts it; bench/RESULTS.md
// has the figures). A page that needs a session, opened signed out, is remembered: signing in
// goes there. With a session, `/` is the person's home.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNotebook, signedInPerson } from './notes-support/notes-steps.ts';
import { seriousViolations } from './support/axe.ts';
import { scriptsBeforeSignIn, SIGN_IN_BUDGET_BYTES } from './support/first-scripts.ts';
import { startE2E, type E2E } from './support/harness.ts';
import { screenshots } from './support/screenshots.ts';
import { unique } from './support/users.ts';

let e2e: E2E;

beforeAll(async () => {
  e2e = await startE2E();
});

afterAll(async () => {
  await e2e?.close();
});

/** The signed-in pages' chunks, as the build names them (app/build/chunk-groups.ts and the
 * router's lazy modules): none of them may be fetched on the way to sign in. */
const SIGNED_IN_CHUNK =
  /\/(workspace|notebooks-page|home-page|recent-notes|data-client|rest-client|useQuery|useMutation|notebook-layout|signed-in-layout)-/;

/** Signs in with the form on the page (not opening /sign-in again). */
async function signInHere(page: Page, email: string, password: string) {
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

describe('a newcomer’s first visit', () => {
  it('opening the app’s address fetches only the sign-in page’s code, within 100 KiB, as /sign-in does', async () => {
    const home = await scriptsBeforeSignIn(e2e.browser, e2e.appUrl, '/');
    const direct = await scriptsBeforeSignIn(e2e.browser, e2e.appUrl, '/sign-in');
    const names = (files: { path: string }[]) => files.map((f) => f.path).sort();
    const summary = `/: ${kib(home.total)} in ${home.files.length}; /sign-in: ${kib(direct.total)} in ${direct.files.length}`;
    expect(home.landed).toBe('/sign-in');
    expect(
      names(home.files).filter((f) => SIGNED_IN_CHUNK.test(f)),
      summary,
    ).toEqual([]);
    expect(home.total, summary).toBeLessThanOrEqual(SIGN_IN_BUDGET_BYTES);
    expect(direct.total, summary).toBeLessThanOrEqual(SIGN_IN_BUDGET_BYTES);
    expect(names(home.files), summary).toEqual(names(direct.files));
  });

  it('lands on a sign-in form without violations, at a phone’s width and a desktop’s', async () => {
    const { context, page } = await e2e.newPage();
    try {
      await page.goto(`${e2e.appUrl}/`);
      await page.waitForURL(`${e2e.appUrl}/sign-in`);
      await page.getByRole('heading', { name: 'Sign in to Sheaf' }).waitFor();
      await expect(seriousViolations(page)).resolves.toEqual([]);
      await screenshots(page, 'first-visit-sign-in');
      // The address was replaced, not pushed: the history is as long as opening /sign-in's.
      const viaHome = await page.evaluate(() => history.length);
      const direct = await context.newPage();
      await direct.goto(`${e2e.appUrl}/sign-in`);
      await direct.getByRole('heading', { name: 'Sign in to Sheaf' }).waitFor();
      await expect(direct.evaluate(() => history.length)).resolves.toBe(viaHome);
    } finally {
      await context.close();
    }
  });
});

describe('a page that needs a session, opened signed out', () => {
  it('is where signing in goes; with the session, the address is the home page', async () => {
    const owner = await signedInPerson(e2e, unique('budget'), 'budget-pass-123');
    const notebookId = await createNotebook(e2e, owner.page, 'Seeds');
    await owner.context.close();

    const { context, page } = await e2e.newPage();
    try {
      await page.goto(`${e2e.appUrl}/n/${notebookId}`);
      await page.waitForURL(`${e2e.appUrl}/sign-in`);
      await signInHere(page, owner.email, owner.password);
      await page.waitForURL(`${e2e.appUrl}/n/${notebookId}`);
      await page.getByRole('heading', { level: 1, name: 'Seeds' }).waitFor();

      await page.goto(`${e2e.appUrl}/`);
      await page.getByRole('textbox', { name: 'New notebook' }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/');
    } finally {
      await context.close();
    }
  });

  it('signing in from the app’s address goes home', async () => {
    const person = await signedInPerson(e2e, unique('budget-home'), 'budget-pass-123');
    await person.context.close();
    const { context, page } = await e2e.newPage();
    try {
      await page.goto(`${e2e.appUrl}/`);
      await page.waitForURL(`${e2e.appUrl}/sign-in`);
      await signInHere(page, person.email, person.password);
      await page.waitForURL(`${e2e.appUrl}/`);
      await page.getByRole('textbox', { name: 'New notebook' }).waitFor();
    } finally {
      await context.close();
    }
  });
});
