// The first journey, as a person does it in Chromium against the local stack: sign up with email
// and password, confirm with the code from the inbox, stay signed in across a reload, sign out,
// sign in again. Also: the confirmation link through /auth/callback, and the demo account.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe.ts';
import { startE2E, type E2E } from './support/harness.ts';
import { lastMessageId, waitForMessage } from './support/inbox.ts';
import { screenshots } from './support/screenshots.ts';

let e2e: E2E;

beforeAll(async () => {
  e2e = await startE2E();
});

afterAll(async () => {
  await e2e?.close();
});

const unique = (label: string) =>
  `${label}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;

describe('the first journey', () => {
  it('signs up, confirms by code, survives a reload, signs out and in again', async () => {
    const { context, page } = await e2e.newPage();
    const email = unique('journey');
    const password = 'journey-pass-1';

    await page.goto(`${e2e.appUrl}/`);
    await page.waitForURL('**/sign-in');
    await page.getByRole('heading', { name: 'Sign in to Sheaf' }).waitFor();
    await screenshots(page, 'sign-in');

    await page.getByRole('link', { name: 'Create an account' }).click();
    await page.waitForURL('**/sign-up');
    await page.getByRole('button', { name: 'Create account' }).click();
    const emailField = page.getByRole('textbox', { name: 'Email' });
    await expect(emailField.getAttribute('aria-invalid')).resolves.toBe('true');
    await page.getByText('Enter your email address.').waitFor();
    await screenshots(page, 'sign-up-errors');

    await emailField.fill(email);
    await page.getByLabel('Password', { exact: true }).fill('short1');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByText('Use at least 8 characters (6 so far).').waitFor();

    const before = await lastMessageId(e2e.stackUrl, email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL('**/verify?email=*');
    await page.getByRole('heading', { name: 'Check your email' }).waitFor();
    await screenshots(page, 'verify');

    const message = await waitForMessage(e2e.stackUrl, email, { after: before });
    expect(message.code).toMatch(/^\d{6}$/);
    await page.getByLabel('6-digit code').fill(message.code!);
    await page.waitForURL(`${e2e.appUrl}/`);
    await page.getByTestId('account-email').filter({ hasText: email }).waitFor();

    await page.reload();
    await page.getByTestId('account-email').filter({ hasText: email }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');

    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL('**/sign-in');
    await page.goto(`${e2e.appUrl}/`);
    await page.waitForURL('**/sign-in');

    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill('wrong-password-1');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: 'The email or password is not right.' })
      .waitFor();
    await screenshots(page, 'sign-in-error');

    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${e2e.appUrl}/`);
    await page.getByTestId('account-email').filter({ hasText: email }).waitFor();
    await context.close();
  });

  it('confirms by the link in the email, through /auth/callback', async () => {
    const { context, page } = await e2e.newPage();
    const email = unique('link');
    await page.goto(`${e2e.appUrl}/sign-up`);
    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill('link-pass-12');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL('**/verify?email=*');
    const message = await waitForMessage(e2e.stackUrl, email);
    expect(message.link).toBeTruthy();
    await page.goto(message.link!);
    await page.waitForURL(`${e2e.appUrl}/`);
    await page.getByTestId('account-email').filter({ hasText: email }).waitFor();
    await context.close();
  });

  it('explains a used or expired email link on /auth/callback', async () => {
    const { context, page } = await e2e.newPage();
    await page.goto(
      `${e2e.appUrl}/auth/callback?error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired`,
    );
    await page.getByRole('heading', { name: 'This link did not work' }).waitFor();
    await page
      .getByRole('alert')
      .filter({ hasText: 'This link has expired or was already used.' })
      .waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshots(page, 'auth-callback-error');
    await context.close();
  });

  it('returns to the page that was asked for before signing in', async () => {
    const { context, page } = await e2e.newPage();
    await page.goto(`${e2e.appUrl}/settings/data`);
    await page.waitForURL('**/sign-in');
    await page.getByRole('textbox', { name: 'Email' }).fill('demo@sheaf.local');
    await page.getByLabel('Password', { exact: true }).fill('sheaf-demo-2026');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/settings/data');
    await page.getByRole('heading', { name: 'Export your data' }).waitFor();
    await context.close();
  });

  it('signs in with the demo account from seed.sql', async () => {
    const { context, page } = await e2e.newPage();
    await page.goto(`${e2e.appUrl}/sign-in`);
    await page.getByRole('textbox', { name: 'Email' }).fill('demo@sheaf.local');
    await page.getByLabel('Password', { exact: true }).fill('sheaf-demo-2026');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${e2e.appUrl}/`);
    await page.getByRole('heading', { name: 'Hello, Demo' }).waitFor();
    await page.getByTestId('account-email').filter({ hasText: 'demo@sheaf.local' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshots(page, 'home');
    await context.close();
  });
});
