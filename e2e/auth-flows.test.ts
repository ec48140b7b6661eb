// The sign-in flows besides the password: a one-time code by email (wrong code, then the right
// one), the magic link through /auth/callback (PKCE), password recovery by link and by code, and
// each page scanned by axe for serious or critical violations.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe.ts';
import { startE2E, type E2E } from './support/harness.ts';
import { lastMessageId, waitForMessage } from './support/inbox.ts';
import { screenshots } from './support/screenshots.ts';
import { createUser, unique } from './support/users.ts';

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

const emailBox = (page: Page) => page.getByRole('textbox', { name: 'Email' });

describe('signing in without a password', () => {
  it('signs in with a code from the email, after a wrong one', async () => {
    const email = unique('code');
    await createUser(e2e, email, 'code-pass-123');
    const { context, page } = await e2e.newPage();
    await page.goto(`${e2e.appUrl}/sign-in`);
    await page.getByRole('link', { name: 'Email me a sign-in code' }).click();
    await page.waitForURL('**/sign-in/code');
    await expectAccessible(page);
    await screenshots(page, 'sign-in-code');

    const before = await lastMessageId(e2e.stackUrl, email);
    await emailBox(page).fill(email);
    await page.getByRole('button', { name: 'Send code' }).click();
    await page.getByRole('heading', { name: 'Enter your code' }).waitFor();
    expect(await page.getByRole('button', { name: /Resend code in \d+ s/ }).isDisabled()).toBe(
      true,
    );
    const message = await waitForMessage(e2e.stackUrl, email, { after: before });
    const wrong = message.code === '000000' ? '111111' : '000000';
    await page.getByLabel('6-digit code').fill(wrong);
    await page
      .getByRole('alert')
      .filter({ hasText: 'That code is wrong or has expired' })
      .waitFor();
    await expectAccessible(page);
    await screenshots(page, 'sign-in-code-wrong');

    await page.getByLabel('6-digit code').fill(message.code!);
    await page.waitForURL(`${e2e.appUrl}/`);
    await page.getByTestId('account-email').filter({ hasText: email }).waitFor();
    await context.close();
  });

  it('signs in with the magic link from the same email (PKCE through /auth/callback)', async () => {
    const email = unique('magic');
    await createUser(e2e, email, 'magic-pass-123');
    const { context, page } = await e2e.newPage();
    await page.goto(`${e2e.appUrl}/sign-in/code`);
    const before = await lastMessageId(e2e.stackUrl, email);
    await emailBox(page).fill(email);
    await page.getByRole('button', { name: 'Send code' }).click();
    await page.getByRole('heading', { name: 'Enter your code' }).waitFor();
    const message = await waitForMessage(e2e.stackUrl, email, { after: before });
    expect(message.link).toBeTruthy();
    await page.goto(message.link!);
    await page.waitForURL(`${e2e.appUrl}/`);
    await page.getByTestId('account-email').filter({ hasText: email }).waitFor();
    await context.close();
  });

  it('does not sign in a stranger with a code', async () => {
    const { context, page } = await e2e.newPage();
    await page.goto(`${e2e.appUrl}/sign-in/code`);
    await page.getByRole('button', { name: 'Send code' }).click();
    await page.getByText('Enter your email address.').waitFor();
    await context.close();
  });
});

describe('password recovery', () => {
  it('follows the link to /reset-password, refuses a weak password, then signs in', async () => {
    const email = unique('recover');
    await createUser(e2e, email, 'old-pass-123');
    const { context, page } = await e2e.newPage();
    await page.goto(`${e2e.appUrl}/sign-in`);
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL('**/forgot-password');
    await expectAccessible(page);
    await screenshots(page, 'forgot-password');

    const before = await lastMessageId(e2e.stackUrl, email);
    await emailBox(page).fill(email);
    await page.getByRole('button', { name: 'Send reset email' }).click();
    await page.getByRole('heading', { name: 'Check your email' }).waitFor();
    const message = await waitForMessage(e2e.stackUrl, email, { after: before });
    await page.goto(message.link!);
    await page.waitForURL('**/reset-password');
    await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
    await expectAccessible(page);
    await screenshots(page, 'reset-password');

    await page.getByLabel('New password', { exact: true }).fill('weakpass');
    await page.getByRole('button', { name: 'Save password and continue' }).click();
    await page.getByText('Use both letters and digits.').waitFor();
    await page.getByLabel('New password', { exact: true }).fill('new-pass-456');
    await page.getByRole('button', { name: 'Save password and continue' }).click();
    await page.waitForURL(`${e2e.appUrl}/`);
    await page.getByText('Your password has been changed.').waitFor();

    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL('**/sign-in');
    await emailBox(page).fill(email);
    await page.getByLabel('Password', { exact: true }).fill('new-pass-456');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${e2e.appUrl}/`);
    await context.close();
  });

  it('accepts the code from the recovery email instead of the link', async () => {
    const email = unique('recover-code');
    await createUser(e2e, email, 'old-pass-123');
    const { context, page } = await e2e.newPage();
    await page.goto(`${e2e.appUrl}/forgot-password`);
    const before = await lastMessageId(e2e.stackUrl, email);
    await emailBox(page).fill(email);
    await page.getByRole('button', { name: 'Send reset email' }).click();
    const message = await waitForMessage(e2e.stackUrl, email, { after: before });
    await page.getByLabel('6-digit code').fill(message.code!);
    await page.waitForURL('**/reset-password');
    await page.getByLabel('New password', { exact: true }).fill('newer-pass-789');
    await page.getByRole('button', { name: 'Save password and continue' }).click();
    await page.waitForURL(`${e2e.appUrl}/`);
    await context.close();
  });
});

describe('the account pages pass an accessibility scan', () => {
  it('sign-in, sign-up and verify have no serious or critical violations', async () => {
    const { context, page } = await e2e.newPage();
    for (const path of ['/sign-in', '/sign-up', '/verify?email=someone%40example.com']) {
      await page.goto(`${e2e.appUrl}${path}`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await expectAccessible(page);
    }
    await page.goto(`${e2e.appUrl}/sign-up`);
    await page.getByRole('radio', { name: 'Phone' }).check();
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByText('Enter your phone number.').waitFor();
    await expectAccessible(page);
    await screenshots(page, 'sign-up-phone');
    await context.close();
  });
});
