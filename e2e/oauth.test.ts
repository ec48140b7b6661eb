// Signing in with another provider, in Chromium, through the stack's test identity provider (a
// real OpenID provider with a sign-in form: [auth.external.github] and [auth.external.google]):
// a newcomer continues with GitHub and is signed in; in Security settings they link Google
// through its page, see it listed, and unlink it after a confirmation, while their only way in
// is never offered for unlinking. A person with a password account who later continues with
// Google under the same verified address finds their own account (Auth links them); an address
// the provider does not vouch for signs in to nothing until it is confirmed: Auth emails it a
// link, the page says so, and once the link is opened, continuing with the provider signs in.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe.ts';
import { startE2E, type E2E } from './support/harness.ts';
import { lastMessageId, waitForMessage } from './support/inbox.ts';
import { framesTo } from './support/network.ts';
import { screenshots } from './support/screenshots.ts';
import { signUpThroughInbox } from './support/session.ts';
import { unique } from './support/users.ts';

let e2e: E2E;

beforeAll(async () => {
  e2e = await startE2E();
});

afterAll(async () => {
  await e2e?.close();
});

async function expectAccessible(page: Page) {
  expect(await seriousViolations(page)).toEqual([]);
}

/** The test provider's own sign-in form: who the test person is. */
async function atProvider(
  page: Page,
  provider: 'GitHub' | 'Google',
  person: { email: string; name: string; verified?: boolean },
) {
  await page.getByRole('heading', { name: `Sign in with ${provider}` }).waitFor();
  await page.getByLabel('Email', { exact: true }).fill(person.email);
  await page.getByLabel('Name', { exact: true }).fill(person.name);
  if (person.verified === false) await page.getByLabel('Email verified').uncheck();
  await page.getByRole('button', { name: 'Continue' }).click();
}

const methods = (page: Page) => page.getByRole('list', { name: 'Your sign-in methods' });

describe('signing in with another provider', () => {
  it('signs a newcomer up with GitHub, then links and unlinks Google in settings', async () => {
    const email = unique('oauth-new');
    const { page } = await e2e.newPage();

    await page.goto(`${e2e.appUrl}/sign-in`);
    const github = page.getByRole('button', { name: 'Continue with GitHub' });
    await github.waitFor();
    await page.getByRole('button', { name: 'Continue with Google' }).waitFor();
    await expectAccessible(page);
    await screenshots(page, 'sign-in-providers');
    await github.click();
    await atProvider(page, 'GitHub', { email, name: 'Gita Hub' });
    await page.waitForURL(`${e2e.appUrl}/`);
    await page.getByRole('button', { name: 'Sign out', exact: true }).waitFor();

    await page.goto(`${e2e.appUrl}/settings/security`);
    const list = methods(page);
    await list.getByText('GitHub', { exact: true }).waitFor();
    await list.getByText(email).waitFor();
    // The only way in: nothing to unlink.
    await list.getByText('Your only way to sign in').waitFor();
    await expect(list.getByRole('button', { name: /Unlink/ }).count()).resolves.toBe(0);
    await expect(page.getByRole('button', { name: 'Link GitHub' }).count()).resolves.toBe(0);

    const googleEmail = unique('oauth-google');
    await page.getByRole('button', { name: 'Link Google' }).click();
    await atProvider(page, 'Google', { email: googleEmail, name: 'Gita Hub' });
    await page.waitForURL(/\/settings\/security\?linked=google$/);
    await page.getByText('Your Google account is linked. You can sign in with it.').waitFor();
    await list.getByText(googleEmail).waitFor();
    await expect(list.getByText('Your only way to sign in').count()).resolves.toBe(0);
    // The session cookie, with two providers' identities, still lets the live socket in (the
    // browser sends the app's cookies to a stack on the same host).
    const frames = framesTo(page);
    await page.reload();
    await frames.until((frame) => frame.text.includes('phx_reply'));
    await list.getByText(googleEmail).waitFor();
    await expectAccessible(page);
    await screenshots(page, 'settings-sign-in-methods');

    await list.getByRole('button', { name: 'Unlink Google' }).click();
    const dialog = page.getByRole('dialog', { name: 'Unlink Google?' });
    await dialog.getByRole('button', { name: 'Unlink Google' }).click();
    await page.getByText('Google is no longer linked.').waitFor();
    await list.getByText(googleEmail).waitFor({ state: 'detached' });
    await list.getByText('Your only way to sign in').waitFor();

    // Signed out and back in with GitHub: the same account.
    await page.getByRole('button', { name: 'Sign out', exact: true }).click();
    await page.waitForURL('**/sign-in');
    await page.getByRole('button', { name: 'Continue with GitHub' }).click();
    await atProvider(page, 'GitHub', { email, name: 'Gita Hub' });
    await page.waitForURL(`${e2e.appUrl}/`);
    await page.goto(`${e2e.appUrl}/settings/security`);
    await methods(page).getByText(email).waitFor();
  });

  it('finds a password account by its verified email; an unverified one signs in to nothing', async () => {
    const email = unique('oauth-known');
    const password = 'provider-later-1';
    const { page } = await e2e.newPage();
    await signUpThroughInbox(e2e, page, email, password);
    await page.getByRole('textbox', { name: 'New notebook' }).fill('Kept by email');
    await page.getByRole('button', { name: 'Create notebook' }).click();
    await page.waitForURL(/\/n\//);
    await page.getByRole('button', { name: 'Sign out', exact: true }).click();
    await page.waitForURL('**/sign-in');

    // A provider that does not vouch for an address no account has: no sign-in; Auth sends that
    // address a confirmation email, and the page says why.
    const unproven = unique('oauth-unproven');
    const beforeConfirmation = await lastMessageId(e2e.stackUrl, unproven);
    await page.getByRole('button', { name: 'Continue with GitHub' }).click();
    await atProvider(page, 'GitHub', { email: unproven, name: 'Not Proven', verified: false });
    await page.getByRole('heading', { name: 'Signing in did not finish' }).waitFor();
    await page.getByText('so we emailed you a link to confirm it').waitFor();
    const confirmation = await waitForMessage(e2e.stackUrl, unproven, {
      after: beforeConfirmation,
    });
    await expectAccessible(page);
    await screenshots(page, 'oauth-unverified');
    // The link in that email confirms the address; continuing with GitHub again then signs in.
    await page.goto(confirmation.link!);
    await page.getByRole('heading', { name: 'Your email address is confirmed' }).waitFor();
    await expectAccessible(page);
    await screenshots(page, 'oauth-confirmed');
    await page.getByRole('button', { name: 'Continue with GitHub' }).click();
    await atProvider(page, 'GitHub', { email: unproven, name: 'Not Proven', verified: false });
    await page.waitForURL(`${e2e.appUrl}/`);
    await page.getByRole('button', { name: 'Sign out', exact: true }).click();
    await page.waitForURL('**/sign-in');

    // One that does: their own account, with Google beside their email.
    await page.goto(`${e2e.appUrl}/sign-in`);
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    await atProvider(page, 'Google', { email, name: 'Known Person' });
    await page.waitForURL(`${e2e.appUrl}/`);
    await page
      .getByRole('link', { name: /Kept by email/ })
      .first()
      .waitFor();
    await page.goto(`${e2e.appUrl}/settings/security`);
    const list = methods(page);
    await list.getByText('Email and password or code').waitFor();
    await list.getByText('Google', { exact: true }).waitFor();
    await list.getByRole('button', { name: 'Unlink Google' }).waitFor();
  });
});
