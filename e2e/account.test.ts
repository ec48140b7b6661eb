// Account settings in Chromium: two-step verification (enrol with a TOTP code from otpauth, the
// /mfa challenge after sign-in, removal), profile name, password change, email change pending,
// sessions in two tabs and revoked elsewhere, data export and account deletion. Every settings
// page is scanned by axe and photographed at 360 and 1280 px.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe.ts';
import { startE2E, type E2E } from './support/harness.ts';
import { lastMessageId, waitForMessage } from './support/inbox.ts';
import { screenshots } from './support/screenshots.ts';
import { signInThroughForm, totpCode } from './support/session.ts';
import { apiClient, createUser, unique } from './support/users.ts';

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

async function signedInPage(email: string, password: string) {
  await createUser(e2e, email, password);
  const { context, page } = await e2e.newPage();
  await signInThroughForm(e2e, page, email, password);
  await page.waitForURL(`${e2e.appUrl}/`);
  return { context, page };
}

describe('two-step verification', () => {
  it('enrols a TOTP factor, then asks for a code after every sign-in', async () => {
    const email = unique('mfa');
    const { context, page } = await signedInPage(email, 'mfa-pass-123');
    await page.getByRole('link', { name: 'Settings' }).click();
    await page.getByRole('link', { name: 'Security' }).click();
    await page.waitForURL('**/settings/security');
    await expectAccessible(page);
    await screenshots(page, 'settings-security');

    await page.getByLabel('Name for this authenticator').fill('My phone');
    await page.getByRole('button', { name: 'Add authenticator app' }).click();
    const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
    await expectAccessible(page);
    await screenshots(page, 'settings-mfa-enrol');
    await page
      .getByLabel('Code from the app')
      .fill('000000' === totpCode(secret) ? '111111' : '000000');
    await page.getByRole('button', { name: 'Verify and turn on' }).click();
    await page.getByRole('alert').waitFor();
    await page.getByLabel('Code from the app').fill(totpCode(secret));
    await page.getByRole('button', { name: 'Verify and turn on' }).click();
    await page.getByText('Two-step verification is on.').waitFor();
    await page.getByRole('button', { name: 'Remove My phone' }).waitFor();

    await page.getByRole('button', { name: 'Sign out', exact: true }).click();
    await page.waitForURL('**/sign-in');
    await signInThroughForm(e2e, page, email, 'mfa-pass-123');
    await page.waitForURL('**/mfa');
    await page.getByRole('heading', { name: 'Two-step verification' }).waitFor();
    await expectAccessible(page);
    await screenshots(page, 'mfa');
    // Nothing else until the second step is done.
    await page.goto(`${e2e.appUrl}/settings/profile`);
    await page.waitForURL('**/mfa');
    await page.getByLabel(/Code from/).fill(totpCode(secret, 1));
    await page.waitForURL('**/settings/profile');

    await page.getByRole('link', { name: 'Security' }).click();
    await page.getByRole('button', { name: 'Remove My phone' }).click();
    await page.getByRole('button', { name: 'Yes, remove it' }).click();
    await page.getByText('The authenticator was removed.').waitFor();
    await context.close();
  });
});

describe('profile and password', () => {
  it('saves a display name that shows everywhere', async () => {
    const { context, page } = await signedInPage(unique('profile'), 'profile-pass-1');
    await page.goto(`${e2e.appUrl}/settings/profile`);
    await page.getByRole('textbox', { name: 'Display name' }).fill('Ada Lovelace');
    await page.getByRole('button', { name: 'Save name' }).click();
    await page.getByText('Your display name is saved.').waitFor();
    await expectAccessible(page);
    await screenshots(page, 'settings-profile');
    await page.getByRole('link', { name: 'Notebooks', exact: true }).click();
    await page.getByRole('heading', { name: 'Hello, Ada Lovelace' }).waitFor();
    await context.close();
  });

  it('refuses a wrong avatar file and uploads a good one', async () => {
    const { context, page } = await signedInPage(unique('avatar'), 'avatar-pass-1');
    await page.goto(`${e2e.appUrl}/settings/profile`);
    const picker = page.getByLabel('Choose an image');
    await picker.setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('x'),
    });
    await page.getByText('Choose a PNG, JPEG, WebP or GIF image.').waitFor();
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
      'base64',
    );
    await picker.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
    await page.getByAltText('Preview of the new avatar').waitFor();
    await page.getByRole('button', { name: 'Upload avatar' }).click();
    await page.getByAltText('Your avatar').waitFor();
    await page.getByRole('button', { name: 'Remove avatar' }).click();
    await page.getByText('No avatar').waitFor();
    await context.close();
  });

  it('changes the password, then signs in with the new one', async () => {
    const email = unique('password');
    const { context, page } = await signedInPage(email, 'first-pass-1');
    await page.goto(`${e2e.appUrl}/settings/security`);
    const form = page.getByRole('form', { name: 'Change password' });
    await form.getByLabel('Current password').fill('first-pass-1');
    await form.getByLabel('New password').fill('short');
    await form.getByRole('button', { name: 'Change password' }).click();
    await form.getByText('Use at least 8 characters').waitFor();
    await form.getByLabel('New password').fill('second-pass-2');
    await form.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Your password has been changed.').waitFor();
    await page.getByRole('button', { name: 'Sign out', exact: true }).click();
    await signInThroughForm(e2e, page, email, 'second-pass-2');
    await page.waitForURL(`${e2e.appUrl}/`);
    await context.close();
  });

  it('changes the email once both addresses confirm, showing it pending until then', async () => {
    const email = unique('email');
    const next = unique('new-email');
    const { context, page } = await signedInPage(email, 'email-pass-1');
    await page.goto(`${e2e.appUrl}/settings/security`);
    const beforeOld = await lastMessageId(e2e.stackUrl, email);
    await page.getByLabel('New email address').fill(next);
    await page.getByRole('button', { name: 'Change email' }).click();
    await page.getByText('Change pending').waitFor();

    const toNew = await waitForMessage(e2e.stackUrl, next);
    const toOld = await waitForMessage(e2e.stackUrl, email, { after: beforeOld });
    await page.goto(toOld.link!);
    await page.getByRole('heading', { name: 'One more step' }).waitFor();
    await page.goto(toNew.link!);
    await page.waitForURL('**/settings/security');
    await page.getByTestId('current-email').filter({ hasText: next }).waitFor();
    await context.close();
  });
});

describe('phone change', () => {
  it('adds a phone number with the code texted to it', async () => {
    const { context, page } = await signedInPage(unique('add-phone'), 'phone-add-12');
    await page.goto(`${e2e.appUrl}/settings/security`);
    const digits = `1${String(Math.floor(Math.random() * 100_000)).padStart(5, '0')}`;
    const e164 = `+447911${digits}`;
    const form = page.getByRole('form', { name: 'Change phone' });
    await form.getByLabel('Country').selectOption('GB');
    await form.getByRole('textbox', { name: 'Phone number' }).fill(`07911 ${digits}`);
    const before = await lastMessageId(e2e.stackUrl, [e164, e164.slice(1)]);
    await form.getByRole('button', { name: 'Add number' }).click();
    const sms = await waitForMessage(e2e.stackUrl, [e164, e164.slice(1)], { after: before });
    await page.getByLabel('Code from the text message').fill(sms.code!);
    await page.getByRole('button', { name: 'Confirm number' }).click();
    await page.getByText('Your phone number is confirmed.').waitFor();
    await expect(page.getByTestId('current-phone').textContent()).resolves.toBe(e164);
    await context.close();
  });
});

describe('sessions', () => {
  it('signing out in one tab signs out the other', async () => {
    const { context, page } = await signedInPage(unique('tabs'), 'tabs-pass-12');
    const other = await context.newPage();
    await other.goto(`${e2e.appUrl}/settings/profile`);
    await other.getByRole('heading', { name: 'Settings' }).waitFor();
    await page.getByRole('button', { name: 'Sign out', exact: true }).click();
    await page.waitForURL('**/sign-in');
    await other.waitForURL('**/sign-in');
    await context.close();
  });

  it('signs out other devices, then everywhere', async () => {
    const email = unique('devices');
    const { context, page } = await signedInPage(email, 'devices-pass-1');
    const laptop = await e2e.newPage();
    await signInThroughForm(e2e, laptop.page, email, 'devices-pass-1');
    await laptop.page.waitForURL(`${e2e.appUrl}/`);

    await page.goto(`${e2e.appUrl}/settings/security`);
    await page.getByRole('button', { name: 'Sign out of other devices' }).click();
    await page.getByText('You are signed out on every other device.').waitFor();
    await laptop.page.reload();
    await laptop.page.waitForURL('**/sign-in');
    await page.reload();
    await page.getByRole('heading', { name: 'Settings' }).waitFor();

    await signInThroughForm(e2e, laptop.page, email, 'devices-pass-1');
    await laptop.page.waitForURL(`${e2e.appUrl}/`);
    await page.getByRole('button', { name: 'Sign out everywhere' }).click();
    await page.waitForURL('**/signed-out?reason=everywhere');
    await page.getByRole('heading', { name: 'You are signed out everywhere' }).waitFor();
    await laptop.page.reload();
    await laptop.page.waitForURL('**/sign-in');
    await laptop.context.close();
    await context.close();
  });

  it('a session revoked elsewhere sends the user to sign-in with a message, keeping the draft', async () => {
    const email = unique('revoked');
    const { context, page } = await signedInPage(email, 'revoke-pass-1');
    await page.goto(`${e2e.appUrl}/settings/profile`);
    await page.getByRole('textbox', { name: 'Display name' }).fill('Half-typed name');
    const elsewhere = apiClient(e2e);
    await elsewhere.auth.signInWithPassword({ email, password: 'revoke-pass-1' });
    const { error } = await elsewhere.auth.signOut({ scope: 'global' });
    expect(error).toBeNull();
    await page.reload();
    await page.waitForURL('**/sign-in');
    await page
      .getByText('You were signed out from another device. Sign in again to continue.')
      .waitFor();
    await screenshots(page, 'sign-in-signed-out');
    await signInThroughForm(e2e, page, email, 'revoke-pass-1');
    await page.waitForURL('**/settings/profile');
    await expect(page.getByRole('textbox', { name: 'Display name' }).inputValue()).resolves.toBe(
      'Half-typed name',
    );
    await page.getByText('Not saved yet').waitFor();
    await context.close();
  });
});

describe('your data', () => {
  it('deletes an account with two-step verification once the second step is done', async () => {
    const email = unique('mfa-delete');
    const client = await createUser(e2e, email, 'mfa-delete-1');
    const enrolled = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Phone' });
    expect(enrolled.error).toBeNull();
    const secret = enrolled.data!.totp.secret;
    const verified = await client.auth.mfa.challengeAndVerify({
      factorId: enrolled.data!.id,
      code: totpCode(secret),
    });
    expect(verified.error).toBeNull();

    const { context, page } = await e2e.newPage();
    await page.goto(`${e2e.appUrl}/settings/data`);
    await page.waitForURL('**/sign-in');
    await signInThroughForm(e2e, page, email, 'mfa-delete-1');
    await page.waitForURL('**/mfa');
    await page.getByLabel(/Code from/).fill(totpCode(secret, 1));
    await page.waitForURL('**/settings/data');
    await page.getByLabel('Type DELETE to confirm').fill('DELETE');
    await page.getByRole('button', { name: 'Delete my account' }).click();
    await page.waitForURL('**/signed-out?reason=deleted');
    await signInThroughForm(e2e, page, email, 'mfa-delete-1');
    await page
      .getByRole('alert')
      .filter({ hasText: 'The email or password is not right.' })
      .waitFor();
    await context.close();
  });

  it('downloads an export and deletes the account, after which sign-in fails', async () => {
    const email = unique('data');
    const { context, page } = await signedInPage(email, 'data-pass-12');
    await page.goto(`${e2e.appUrl}/settings/data`);
    await expectAccessible(page);
    await screenshots(page, 'settings-data');
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download my data' }).click();
    expect((await download).suggestedFilename()).toMatch(/^sheaf-export.*\.zip$/);

    await page.getByRole('button', { name: 'Delete my account' }).click();
    await page.getByText('Type DELETE in capital letters.').waitFor();
    await page.getByLabel('Type DELETE to confirm').fill('DELETE');
    await page.getByRole('button', { name: 'Delete my account' }).click();
    await page.waitForURL('**/signed-out?reason=deleted');
    await page.getByRole('heading', { name: 'Your account is deleted' }).waitFor();
    await expectAccessible(page);
    await screenshots(page, 'signed-out-deleted');
    await signInThroughForm(e2e, page, email, 'data-pass-12');
    await page
      .getByRole('alert')
      .filter({ hasText: 'The email or password is not right.' })
      .waitFor();
    await context.close();
  });
});
