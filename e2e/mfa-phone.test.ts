// A phone as a second step, in Chromium: sign up through the inbox, enrol a phone factor with the
// texted code (the page says how not to be locked out and warns while there is one factor), add
// an authenticator app beside it, sign in again with the password, choose the phone at /mfa,
// enter the texted code and land at aal2; then remove the phone after a confirmation (which
// takes this session, raised with the phone, back to the second step).
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe.ts';
import { startE2E, type E2E } from './support/harness.ts';
import { lastMessageId, waitForMessage } from './support/inbox.ts';
import { screenshots } from './support/screenshots.ts';
import { sessionAal, signInThroughForm, signUpThroughInbox, totpCode } from './support/session.ts';
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

/** [auth.mfa.phone] max_frequency: one text to a phone factor per 5 s. */
async function waitSince(startedAt: number, ms = 5_200) {
  const left = startedAt + ms - Date.now();
  if (left > 0) await new Promise((resolve) => setTimeout(resolve, left));
}

describe('a phone as a second step', () => {
  it('enrols by SMS code, is chosen at /mfa after the password, and is removed after asking', async () => {
    const email = unique('mfa-phone');
    const password = 'phone-factor-1';
    const digits = `1${String(Math.floor(Math.random() * 100_000)).padStart(5, '0')}`;
    const e164 = `+447911${digits}`;
    const recipients = [e164, e164.slice(1)];
    const { context, page } = await e2e.newPage();

    // Sign up through the inbox.
    await signUpThroughInbox(e2e, page, email, password);

    // Settings → Security: the recovery sentence, then a phone.
    await page.goto(`${e2e.appUrl}/settings/security`);
    const recovery = page.getByTestId('mfa-recovery');
    await expect(recovery.textContent()).resolves.toContain('ask the administrator');
    const addPhone = page.getByRole('form', { name: 'Add a phone' });
    await addPhone.getByLabel('Country').selectOption('GB');
    await addPhone.getByRole('textbox', { name: 'Phone number for codes' }).fill('12');
    await addPhone.getByRole('button', { name: 'Text me a code' }).click();
    await page.getByText('This is not a valid phone number for the chosen country.').waitFor();
    await addPhone.getByRole('textbox', { name: 'Phone number for codes' }).fill(`07911 ${digits}`);
    const beforeSms = await lastMessageId(e2e.stackUrl, recipients);
    await addPhone.getByRole('button', { name: 'Text me a code' }).click();
    const verifyPhone = page.getByRole('form', { name: 'Verify phone' });
    await verifyPhone.getByText(e164).waitFor();
    const enrolSentAt = Date.now();
    const sms = await waitForMessage(e2e.stackUrl, recipients, {
      after: beforeSms,
      kind: 'mfa_challenge',
    });
    expect(sms.channel).toBe('sms');
    expect(sms.code).toMatch(/^\d{6}$/);
    await expectAccessible(page);
    await screenshots(page, 'settings-mfa-phone-enrol');
    // A wrong code is refused and the factor stays unverified.
    const codeField = verifyPhone.getByLabel('Code from the text message');
    await codeField.fill(sms.code === '000000' ? '111111' : '000000');
    await verifyPhone.getByRole('button', { name: 'Verify phone' }).click();
    await page.getByText('That code is not right.').waitFor();
    await codeField.fill(sms.code!);
    await verifyPhone.getByRole('button', { name: 'Verify phone' }).click();
    await page.getByText(`Codes by text message to ${e164} are on as a second step.`).waitFor();
    const factors = page.getByRole('list', { name: 'Your second steps' });
    await factors.getByRole('button', { name: `Remove Phone ${e164}` }).waitFor();
    // One factor: the gentle warning.
    await page.getByText('You have only one second step').waitFor();
    await expect(sessionAal(context, e2e.appUrl)).resolves.toBe('aal2');
    await expectAccessible(page);
    await screenshots(page, 'settings-mfa-phone-one');

    // An authenticator app beside it (needs aal2, which the phone's code gave): no warning then.
    await page.getByLabel('Name for this authenticator').fill('Laptop app');
    await page.getByRole('button', { name: 'Add authenticator app' }).click();
    const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
    await page.getByLabel('Code from the app').fill(totpCode(secret));
    await page.getByRole('button', { name: 'Verify and turn on' }).click();
    await factors.getByRole('button', { name: 'Remove Laptop app' }).waitFor();
    await expect(page.getByText('You have only one second step').count()).resolves.toBe(0);
    await screenshots(page, 'settings-mfa-two-factors');

    // Sign out, sign in with the password: /mfa offers both; choose the phone.
    await page.getByRole('button', { name: 'Sign out', exact: true }).click();
    await page.waitForURL('**/sign-in');
    await signInThroughForm(e2e, page, email, password);
    await page.waitForURL('**/mfa');
    await page.getByRole('group', { name: 'Choose your second step' }).waitFor();
    await expect(sessionAal(context, e2e.appUrl)).resolves.toBe('aal1');
    const byText = page.getByRole('radio', { name: /Text message to the phone ending/ });
    await expect(page.getByRole('radio', { name: /Laptop app/ }).isChecked()).resolves.toBe(true);
    await byText.check();
    await page
      .getByText(`ending •••• ${digits.slice(-4)}`)
      .first()
      .waitFor();
    await expect(page.getByText(e164).count()).resolves.toBe(0);
    await expectAccessible(page);
    await screenshots(page, 'mfa-choose-phone');
    await waitSince(enrolSentAt);
    const beforeStep = await lastMessageId(e2e.stackUrl, recipients);
    await page.getByRole('button', { name: 'Text me a code' }).click();
    const stepSms = await waitForMessage(e2e.stackUrl, recipients, {
      after: beforeStep,
      kind: 'mfa_challenge',
    });
    await page.getByLabel('Code from the text message').waitFor();
    await expectAccessible(page);
    await screenshots(page, 'mfa-phone-code');
    await page.getByLabel('Code from the text message').fill(stepSms.code!);
    await page.waitForURL(`${e2e.appUrl}/`);
    await expect(sessionAal(context, e2e.appUrl)).resolves.toBe('aal2');

    // Remove the phone, after a confirmation that can be declined.
    await page.goto(`${e2e.appUrl}/settings/security`);
    await page.getByRole('button', { name: `Remove Phone ${e164}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Remove this second step?' });
    await dialog.getByText(`no longer text codes to ${e164}`).waitFor();
    await expectAccessible(page);
    await screenshots(page, 'settings-mfa-remove-phone');
    await dialog.getByRole('button', { name: 'Keep it' }).click();
    await dialog.waitFor({ state: 'detached' });
    await factors.getByRole('button', { name: `Remove Phone ${e164}` }).waitFor();
    await page.getByRole('button', { name: `Remove Phone ${e164}` }).click();
    await dialog.getByRole('button', { name: 'Yes, remove it' }).click();
    // This sign-in was raised to aal2 with the phone: removing it takes the session back to aal1,
    // so the second step is asked again, now with the authenticator app.
    await page.waitForURL('**/mfa');
    await expect(sessionAal(context, e2e.appUrl)).resolves.toBe('aal1');
    await expect(
      page.getByRole('group', { name: 'Choose your second step' }).count(),
    ).resolves.toBe(0);
    await page.getByLabel('Code from Laptop app').fill(totpCode(secret, 1));
    await page.waitForURL('**/settings/security');
    await expect(sessionAal(context, e2e.appUrl)).resolves.toBe('aal2');
    await factors.getByRole('button', { name: 'Remove Laptop app' }).waitFor();
    await expect(
      factors.getByRole('button', { name: `Remove Phone ${e164}` }).count(),
    ).resolves.toBe(0);
    await page.getByText('You have only one second step').waitFor();
    await context.close();
  });
});
