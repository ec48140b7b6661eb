// Sessions ended elsewhere and "last active", as a person meets them: after "Sign out of other
// devices", "Sign out everywhere" or one session ended from the sessions list, another device's
// open tab stops working within seconds without being touched — its data requests are refused by
// the database, and it goes to sign-in with a sentence saying it was signed out elsewhere. And a
// device's "last active" in the sessions list moves while it is used.
import type { Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNotebook } from './notes-support/notes-steps.ts';
import { seriousViolations } from './support/axe.ts';
import { startE2E, type E2E } from './support/harness.ts';
import { screenshots } from './support/screenshots.ts';
import { signInThroughForm } from './support/session.ts';
import { createUser, unique } from './support/users.ts';

let e2e: E2E;

beforeAll(async () => {
  e2e = await startE2E();
});

afterAll(async () => {
  await e2e?.close();
});

const ELSEWHERE = 'You were signed out from another device. Sign in again to continue.';

/** A browser of its own (a device) signed in as this person, on their home page. */
async function device(email: string, password: string) {
  const { context, page } = await e2e.newPage();
  await signInThroughForm(e2e, page, email, password);
  await page.waitForURL(`${e2e.appUrl}/`);
  return { context, page };
}

/** The access token of the page's next request to the REST API. */
async function nextRestToken(page: Page, load: () => Promise<unknown>): Promise<string> {
  const request = page.waitForRequest(
    (r: Request) => r.url().includes('/rest/v1/') && !!r.headers()['authorization'],
  );
  await load();
  return (await request).headers()['authorization']!.replace(/^Bearer /, '');
}

/** What the REST API gives this token for the person's notebooks. */
async function notebooksWith(token: string): Promise<unknown> {
  const response = await fetch(`${e2e.stackUrl}/rest/v1/notebooks?select=name`, {
    headers: { apikey: e2e.stack.keys.publishableKey, Authorization: `Bearer ${token}` },
  });
  return response.json();
}

/** The tab leaves for sign-in by itself (nothing is clicked or loaded there) and says why. */
async function leavesBySelf(page: Page) {
  await page.waitForURL(`${e2e.appUrl}/sign-in`, { timeout: 60_000 });
  await page.getByText(ELSEWHERE).waitFor();
}

describe('a session ended elsewhere', () => {
  it('"Sign out of other devices": the other device’s open tab is refused and leaves by itself', async () => {
    const email = unique('others');
    await createUser(e2e, email, 'others-pass-12');
    const laptop = await device(email, 'others-pass-12');
    const phone = await device(email, 'others-pass-12');
    // The laptop has a notebook open.
    const notebookId = await createNotebook(e2e, laptop.page, 'Field notes');
    const token = await nextRestToken(laptop.page, () =>
      laptop.page.goto(`${e2e.appUrl}/n/${notebookId}`),
    );
    await laptop.page.getByRole('heading', { level: 1, name: 'Field notes' }).waitFor();
    expect(await notebooksWith(token)).toEqual([{ name: 'Field notes' }]);

    await phone.page.goto(`${e2e.appUrl}/settings/security`);
    await phone.page.getByRole('button', { name: 'Sign out of other devices' }).click();
    await phone.page.getByText('You are signed out on every other device.').waitFor();

    // The laptop's access token has not expired, yet the database refuses it at once.
    expect(await notebooksWith(token)).toEqual([]);
    await leavesBySelf(laptop.page);
    await screenshots(laptop.page, 'signed-out-elsewhere');
    expect(await seriousViolations(laptop.page)).toEqual([]);
    // The phone goes on.
    await phone.page.goto(`${e2e.appUrl}/n/${notebookId}`);
    await phone.page.getByRole('heading', { level: 1, name: 'Field notes' }).waitFor();
    await laptop.context.close();
    await phone.context.close();
  });

  it('one session ended from the sessions list: that device’s open tab leaves by itself', async () => {
    const email = unique('one-device');
    await createUser(e2e, email, 'one-device-12');
    const phone = await device(email, 'one-device-12');
    await phone.page.goto(`${e2e.appUrl}/settings/profile`);
    const laptop = await device(email, 'one-device-12');
    await laptop.page.goto(`${e2e.appUrl}/settings/security`);
    const devices = laptop.page.getByRole('list', { name: 'Signed-in devices' });
    // This browser, the phone and the script that made the account: end the phone's.
    await devices.getByRole('listitem').nth(2).waitFor();
    await devices
      .getByRole('button', { name: /^Sign out Chrome on Linux/ })
      .first()
      .click();
    await expect.poll(() => devices.getByRole('listitem').count(), { timeout: 10_000 }).toBe(2);
    await leavesBySelf(phone.page);
    await laptop.page.goto(`${e2e.appUrl}/`);
    await laptop.page.getByRole('heading', { level: 1, name: /^Hello, / }).waitFor();
    await laptop.context.close();
    await phone.context.close();
  });

  it('"Sign out everywhere": another device’s open tab leaves by itself', async () => {
    const email = unique('everywhere');
    await createUser(e2e, email, 'everywhere-123');
    const laptop = await device(email, 'everywhere-123');
    const phone = await device(email, 'everywhere-123');
    await phone.page.goto(`${e2e.appUrl}/settings/security`);
    await phone.page.getByRole('button', { name: 'Sign out everywhere' }).click();
    await phone.page.waitForURL('**/signed-out?reason=everywhere');
    await leavesBySelf(laptop.page);
    await laptop.context.close();
    await phone.context.close();
  });
});

describe('last active', () => {
  it('moves while a device is used', async () => {
    const email = unique('active');
    await createUser(e2e, email, 'active-pass-12');
    const laptop = await device(email, 'active-pass-12');
    await createNotebook(e2e, laptop.page, 'Daily');
    const phone = await device(email, 'active-pass-12');
    await phone.page.goto(`${e2e.appUrl}/settings/security`);
    const devices = phone.page.getByRole('list', { name: 'Signed-in devices' });
    // The laptop: a Chrome that is not this device.
    const laptopRow = devices
      .getByRole('listitem')
      .filter({ hasText: 'Chrome on Linux' })
      .filter({ hasNotText: 'This device' });
    const times = async () => {
      const text = (await laptopRow.locator('.device__meta').textContent()) ?? '';
      const match = /Signed in (.+?) · last active (.+?)(?: ·|$)/.exec(text);
      return { signedIn: match?.[1], lastActive: match?.[2] };
    };
    const first = await times();
    const signedIn = Date.parse(first.signedIn ?? '');
    expect(signedIn).toBeGreaterThan(0);

    // The laptop stays open on its notebook, in use, past the minute its time is shown to.
    await laptop.page.waitForTimeout(75_000);
    await expect
      .poll(
        async () => {
          await phone.page.reload();
          await laptopRow.waitFor();
          return Date.parse((await times()).lastActive ?? '') - signedIn;
        },
        { timeout: 60_000, interval: 5_000 },
      )
      .toBeGreaterThan(0);
    expect((await times()).signedIn).toBe(first.signedIn);
    await laptop.context.close();
    await phone.context.close();
  });
});
