// Phone accounts and the hard edges of codes: sign-up with a phone number (country picker, SMS
// code from the inbox), password sign-in with the phone, an expired code, and signing up with an
// address that already has an account (which, as Supabase does, reveals nothing).
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe.ts';
import { startE2E, type E2E } from './support/harness.ts';
import { lastMessageId, listMessages, waitForMessage } from './support/inbox.ts';
import { screenshots } from './support/screenshots.ts';
import { signInThroughForm } from './support/session.ts';
import { apiClient, unique } from './support/users.ts';

let e2e: E2E;

beforeAll(async () => {
  e2e = await startE2E();
});

afterAll(async () => {
  await e2e?.close();
});

/** A UK mobile number nobody else in this run uses: national form and E.164 (with and without +). */
function phoneNumber(): { national: string; e164: string; recipients: string[] } {
  const digits = `1${String(Math.floor(Math.random() * 100_000)).padStart(5, '0')}`;
  const national = `07911 ${digits}`;
  const e164 = `+447911${digits}`;
  return { national, e164, recipients: [e164, e164.slice(1)] };
}

async function choosePhone(page: Page, national: string) {
  await page.getByRole('radio', { name: 'Phone' }).check();
  await page.getByLabel('Country').selectOption('GB');
  await page.getByRole('textbox', { name: 'Phone number' }).fill(national);
}

describe('phone accounts', () => {
  it('signs up with a phone number, confirms by SMS code, signs in with the password and with an SMS code', async () => {
    const phone = phoneNumber();
    const { context, page } = await e2e.newPage();
    await page.goto(`${e2e.appUrl}/sign-up`);
    await choosePhone(page, '12');
    await page.getByLabel('Password', { exact: true }).fill('phone-pass-12');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByText('This is not a valid phone number for the chosen country.').waitFor();

    await page.getByRole('textbox', { name: 'Phone number' }).fill(phone.national);
    const before = await lastMessageId(e2e.stackUrl, phone.recipients);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByRole('heading', { name: 'Check your phone' }).waitFor();
    await expect(page.getByText(phone.e164).count()).resolves.toBeGreaterThan(0);
    await expect(seriousViolations(page)).resolves.toEqual([]);
    await screenshots(page, 'verify-phone');
    const sms = await waitForMessage(e2e.stackUrl, phone.recipients, { after: before });
    expect(sms.channel).toBe('sms');
    await page.getByLabel('6-digit code').fill(sms.code!);
    await page.waitForURL(`${e2e.appUrl}/`);
    // A phone-only account: the header names the number, and the greeting is never a bare "Hello,".
    await page.getByRole('heading', { name: 'Welcome to Sheaf' }).waitFor();
    await expect(page.getByTestId('header-user').textContent()).resolves.toBe(phone.e164);

    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL('**/sign-in');
    await choosePhone(page, phone.national);
    await page.getByLabel('Password', { exact: true }).fill('phone-pass-12');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${e2e.appUrl}/`);

    // And with a one-time SMS code instead of the password.
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL('**/sign-in');
    await page.getByRole('link', { name: 'Email me a sign-in code' }).click();
    await choosePhone(page, phone.national);
    const beforeCode = await lastMessageId(e2e.stackUrl, phone.recipients);
    // [auth.sms] max_frequency is 5 s between texts to one number.
    await new Promise((resolve) => setTimeout(resolve, 5100));
    await page.getByRole('button', { name: 'Send code' }).click();
    await page.getByRole('heading', { name: 'Enter your code' }).waitFor();
    const code = await waitForMessage(e2e.stackUrl, phone.recipients, { after: beforeCode });
    await page.getByLabel('6-digit code').fill(code.code!);
    await page.waitForURL(`${e2e.appUrl}/`);
    await context.close();
  });
});

describe('codes', () => {
  it('says so when a confirmation code has expired', async () => {
    const email = unique('expired');
    const { context, page } = await e2e.newPage();
    await page.goto(`${e2e.appUrl}/sign-up`);
    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill('expired-pass-1');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL('**/verify?email=*');
    const message = await waitForMessage(e2e.stackUrl, email);
    // Age the code past [auth.email] otp_expiry (3600 s), as time would.
    await e2e.stack.db.query(
      `update auth.users set confirmation_sent_at = now() - interval '2 hours' where email = $1`,
      [email],
    );
    await e2e.stack.db.query(
      `update auth.one_time_tokens set created_at = now() - interval '2 hours'
         where user_id = (select id from auth.users where email = $1)`,
      [email],
    );
    await page.getByLabel('6-digit code').fill(message.code!);
    await page
      .getByRole('alert')
      .filter({ hasText: 'That code is wrong or has expired' })
      .waitFor();
    expect(new URL(page.url()).pathname).toBe('/verify');
    await context.close();
  });

  it('an unconfirmed sign-in goes to /verify, where resend sends a new code and then waits', async () => {
    const email = unique('resend');
    const client = apiClient(e2e);
    const { error } = await client.auth.signUp({ email, password: 'resend-pass-1' });
    expect(error).toBeNull();
    const first = await waitForMessage(e2e.stackUrl, email);
    const { context, page } = await e2e.newPage();
    await signInThroughForm(e2e, page, email, 'resend-pass-1');
    await page.waitForURL('**/verify?email=*');
    await page.getByText('Your email address is not confirmed yet.').waitFor();
    // The server's max_frequency between emails (1 s in config.toml) must have passed.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await page.getByRole('button', { name: 'Resend code' }).click();
    await page.getByText(`A new code is on its way to ${email}.`).waitFor();
    expect(await page.getByRole('button', { name: /Resend code in \d+ s/ }).isDisabled()).toBe(
      true,
    );
    const second = await waitForMessage(e2e.stackUrl, email, { after: first.id });
    await page.getByLabel('6-digit code').fill(second.code!);
    await page.waitForURL(`${e2e.appUrl}/`);
    await context.close();
  });

  it('signing up with an existing address reveals nothing and sends no code', async () => {
    const { context, page } = await e2e.newPage();
    const before = await listMessages(e2e.stackUrl, 'demo@sheaf.local');
    await page.goto(`${e2e.appUrl}/sign-up`);
    await page.getByRole('textbox', { name: 'Email' }).fill('demo@sheaf.local');
    await page.getByLabel('Password', { exact: true }).fill('another-pass-1');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByRole('heading', { name: 'Check your email' }).waitFor();
    expect(await listMessages(e2e.stackUrl, 'demo@sheaf.local')).toHaveLength(before.length);
    await context.close();
  });
});
