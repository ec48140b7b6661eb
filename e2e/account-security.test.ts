// What a newcomer hit in their account, fixed: a phone-only account greeted and shown as it is,
// "sign in with a code" for an unknown address, a confirmation link opened in another browser,
// changing the password with the current one (or a code) and the email that follows, devices
// and sessions, and the pages "sign out everywhere" ends on. Axe on every new page, screenshots
// at 360 and 1280 px.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe.ts';
import { startE2E, type E2E } from './support/harness.ts';
import { lastMessageId, waitForMessage } from './support/inbox.ts';
import { screenshots } from './support/screenshots.ts';
import { signInThroughForm } from './support/session.ts';
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

describe('a phone-only account', () => {
  it('is welcomed without an empty name and shown with what it has', async () => {
    const digits = `2${String(Math.floor(Math.random() * 100_000)).padStart(5, '0')}`;
    const e164 = `+447911${digits}`;
    const client = apiClient(e2e);
    const before = await lastMessageId(e2e.stackUrl, [e164, e164.slice(1)]);
    expect((await client.auth.signUp({ phone: e164, password: 'phone-only-1' })).error).toBeNull();
    const sms = await waitForMessage(e2e.stackUrl, [e164, e164.slice(1)], { after: before });
    const verified = await client.auth.verifyOtp({ phone: e164, token: sms.code!, type: 'sms' });
    expect(verified.error).toBeNull();

    const { context, page } = await e2e.newPage();
    await page.goto(`${e2e.appUrl}/sign-in`);
    await page.getByRole('radio', { name: 'Phone' }).check();
    await page.getByLabel('Country').selectOption('GB');
    await page.getByRole('textbox', { name: 'Phone number' }).fill(`07911 ${digits}`);
    await page.getByLabel('Password', { exact: true }).fill('phone-only-1');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${e2e.appUrl}/`);
    await page.getByRole('heading', { level: 1, name: 'Welcome to Sheaf' }).waitFor();
    await expect(page.getByRole('heading', { name: /^Hello/ }).count()).resolves.toBe(0);
    await page.getByRole('link', { name: 'Add your name' }).waitFor();
    await expect(page.getByTestId('account-phone').textContent()).resolves.toBe(e164);
    await expect(page.getByTestId('account-email').textContent()).resolves.toBe(
      'No email address yet',
    );
    await expectAccessible(page);
    await screenshots(page, 'home-phone-account');

    await page.goto(`${e2e.appUrl}/settings/security`);
    await page.getByText('Your account has no email address yet.').waitFor();
    await page.getByRole('button', { name: 'Add email' }).waitFor();
    await expect(page.getByTestId('current-phone').textContent()).resolves.toBe(e164);
    await expect(page.getByText('Email —').count()).resolves.toBe(0);
    await expectAccessible(page);
    await screenshots(page, 'settings-security-phone-account');
    await context.close();
  });
});

describe('sign in with a code', () => {
  it('tells an unknown address to check it or create an account', async () => {
    const { context, page } = await e2e.newPage();
    await page.goto(`${e2e.appUrl}/sign-in/code`);
    await page.getByRole('textbox', { name: 'Email' }).fill(unique('nobody'));
    await page.getByRole('button', { name: 'Send code' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'There is no Sheaf account with' });
    await alert.waitFor();
    await expect(page.getByText('turned off').count()).resolves.toBe(0);
    await alert.getByRole('link', { name: 'create an account' }).waitFor();
    await expectAccessible(page);
    await screenshots(page, 'sign-in-code-unknown');
    await alert.getByRole('link', { name: 'create an account' }).click();
    await page.waitForURL('**/sign-up');
    await context.close();
  });

  it('sends an email that says it is a sign-in code, from Sheaf', async () => {
    const email = unique('code-mail');
    await createUser(e2e, email, 'code-mail-12');
    const { context, page } = await e2e.newPage();
    await page.goto(`${e2e.appUrl}/sign-in/code`);
    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    const before = await lastMessageId(e2e.stackUrl, email);
    await page.getByRole('button', { name: 'Send code' }).click();
    const mail = await waitForMessage(e2e.stackUrl, email, { after: before });
    expect(mail.subject).toBe(`${mail.code} is your Sheaf sign-in code`);
    expect(mail.text).toContain('Your sign-in code');
    const words = `${mail.subject} ${mail.text}`.replace(/https?:\/\/\S+/g, '');
    expect(words.toLowerCase()).not.toContain('magic');
    await page.getByLabel('6-digit code').fill(mail.code!);
    await page.waitForURL(`${e2e.appUrl}/`);
    await context.close();
  });
});

describe('a confirmation link opened in another browser', () => {
  it('says the address is confirmed and offers to sign in there', async () => {
    const email = unique('elsewhere');
    const first = await e2e.newPage();
    await first.page.goto(`${e2e.appUrl}/sign-up`);
    await first.page.getByRole('textbox', { name: 'Email' }).fill(email);
    await first.page.getByLabel('Password', { exact: true }).fill('elsewhere-12');
    const before = await lastMessageId(e2e.stackUrl, email);
    await first.page.getByRole('button', { name: 'Create account' }).click();
    const mail = await waitForMessage(e2e.stackUrl, email, { after: before });
    expect(mail.subject).toBe('Confirm your email address for Sheaf');

    const other = await e2e.newPage();
    await other.page.goto(mail.link!);
    await other.page.getByRole('heading', { name: 'Your email address is confirmed' }).waitFor();
    await expect(other.page.getByText('This link did not work').count()).resolves.toBe(0);
    await expectAccessible(other.page);
    await screenshots(other.page, 'callback-confirmed-elsewhere');
    await other.page.getByRole('link', { name: 'Sign in', exact: true }).click();
    await other.page.waitForURL('**/sign-in');
    await signInThroughForm(e2e, other.page, email, 'elsewhere-12');
    await other.page.waitForURL(`${e2e.appUrl}/`);
    await first.context.close();
    await other.context.close();
  });
});

describe('changing the password', () => {
  it('asks for the current password, emails the change and signs out other devices', async () => {
    const email = unique('pw-current');
    const { context, page } = await signedInPage(email, 'current-pass-1');
    const laptop = await e2e.newPage();
    await signInThroughForm(e2e, laptop.page, email, 'current-pass-1');
    await laptop.page.waitForURL(`${e2e.appUrl}/`);

    await page.goto(`${e2e.appUrl}/settings/security`);
    const form = page.getByRole('form', { name: 'Change password' });
    await form.getByLabel('Current password').fill('not-my-password-1');
    await form.getByLabel('New password').fill('changed-pass-2');
    await form.getByRole('button', { name: 'Change password' }).click();
    await form.getByText('This is not your current password.').waitFor();
    await expectAccessible(page);
    await screenshots(page, 'settings-password-wrong-current');

    const before = await lastMessageId(e2e.stackUrl, email);
    await form.getByLabel('Current password').fill('current-pass-1');
    await form.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Your password has been changed.').waitFor();
    await page.getByText(`We sent an email to ${email} to let you know.`).waitFor();
    const told = await waitForMessage(e2e.stackUrl, email, {
      after: before,
      kind: 'password_changed_notification',
    });
    expect(told.subject).toBe('Your Sheaf password was changed');
    expect(told.text).toContain(`The password of your Sheaf account ${email} was just changed`);

    await laptop.page.reload();
    await laptop.page.waitForURL('**/sign-in');
    await signInThroughForm(e2e, laptop.page, email, 'changed-pass-2');
    await laptop.page.waitForURL(`${e2e.appUrl}/`);
    await laptop.context.close();
    await context.close();
  });

  it('can confirm with an emailed code instead of the current password', async () => {
    const email = unique('pw-code');
    const { context, page } = await signedInPage(email, 'forgotten-pass-1');
    await page.goto(`${e2e.appUrl}/settings/security`);
    const form = page.getByRole('form', { name: 'Change password' });
    await form.getByRole('button', { name: /Confirm with a code instead/ }).click();
    const before = await lastMessageId(e2e.stackUrl, email);
    await form.getByRole('button', { name: 'Send me a code' }).click();
    const mail = await waitForMessage(e2e.stackUrl, email, { after: before });
    expect(mail.subject).toBe(`${mail.code} is your Sheaf verification code`);
    await page.getByText(`we sent a 6-digit code to ${email}`).waitFor();
    await form.getByLabel('Verification code').fill('000000' === mail.code ? '111111' : '000000');
    await form.getByLabel('New password').fill('code-changed-2');
    await form.getByRole('button', { name: 'Change password' }).click();
    await form.getByText('This code is not right or has expired.').waitFor();
    await expectAccessible(page);
    await screenshots(page, 'settings-password-code');
    await form.getByLabel('Verification code').fill(mail.code!);
    await form.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Your password has been changed.').waitFor();
    await page.getByRole('button', { name: 'Sign out', exact: true }).click();
    await signInThroughForm(e2e, page, email, 'code-changed-2');
    await page.waitForURL(`${e2e.appUrl}/`);
    await context.close();
  });
});

describe('devices and sessions', () => {
  it('lists where the account is signed in, marks this device, and signs another out', async () => {
    const email = unique('devices-list');
    const { context, page } = await signedInPage(email, 'devices-list-1');
    const phone = await e2e.newPage();
    await signInThroughForm(e2e, phone.page, email, 'devices-list-1');
    await phone.page.waitForURL(`${e2e.appUrl}/`);

    await page.goto(`${e2e.appUrl}/settings/security`);
    // This browser, the "phone", and the script that created the account.
    const devices = page.getByRole('list', { name: 'Signed-in devices' });
    await devices.getByRole('listitem').nth(2).waitFor();
    await expect(devices.getByRole('listitem').count()).resolves.toBe(3);
    await devices.getByRole('listitem').first().getByText('This device').waitFor();
    await expect(devices.getByText('Chrome on Linux').count()).resolves.toBe(2);
    await expect(devices.getByText('An app or script').count()).resolves.toBe(1);
    await expectAccessible(page);
    await screenshots(page, 'settings-devices');

    await devices.getByRole('button', { name: /^Sign out Chrome on Linux/ }).click();
    await expect.poll(() => devices.getByRole('listitem').count(), { timeout: 10_000 }).toBe(2);
    // The other device is signed out as soon as it next asks the server who it is.
    await phone.page.goto(`${e2e.appUrl}/settings/profile`);
    await phone.page.waitForURL('**/sign-in');
    await phone.context.close();
    await context.close();
  });

  it('ends "sign out everywhere" on a page that says so', async () => {
    const { context, page } = await signedInPage(unique('everywhere'), 'everywhere-12');
    await page.goto(`${e2e.appUrl}/settings/security`);
    await page.getByRole('button', { name: 'Sign out everywhere' }).click();
    await page.waitForURL('**/signed-out?reason=everywhere');
    await page.getByRole('heading', { name: 'You are signed out everywhere' }).waitFor();
    await expectAccessible(page);
    await screenshots(page, 'signed-out-everywhere');
    await page.getByRole('link', { name: 'Sign in again' }).click();
    await page.waitForURL('**/sign-in');
    await context.close();
  });
});

describe('emails that say who shared which notebook', () => {
  it('tells an existing member and invites a newcomer by name and notebook', async () => {
    const ownerEmail = unique('sharer');
    const owner = await createUser(e2e, ownerEmail, 'sharer-pass-1');
    await owner.auth.updateUser({ data: { display_name: 'Maya Sharer' } });
    await owner
      .from('profiles')
      .update({ display_name: 'Maya Sharer' })
      .eq('id', (await owner.auth.getUser()).data.user!.id);
    const { data: nb } = await owner
      .from('notebooks')
      .insert({ name: 'Garden plans' })
      .select('id')
      .single();
    const memberEmail = unique('member');
    await createUser(e2e, memberEmail, 'member-pass-1');

    const { context, page } = await e2e.newPage();
    await signInThroughForm(e2e, page, ownerEmail, 'sharer-pass-1');
    await page.waitForURL(`${e2e.appUrl}/`);
    await page.goto(`${e2e.appUrl}/n/${nb!.id}`);
    await page.getByRole('button', { name: 'Share' }).click();
    const before = await lastMessageId(e2e.stackUrl, memberEmail);
    await page.getByLabel('Invite by email').fill(memberEmail);
    await page.getByRole('button', { name: 'Invite' }).click();
    await page
      .getByText(`${memberEmail} can now read this notebook. We emailed them a link to it.`)
      .waitFor();
    const told = await waitForMessage(e2e.stackUrl, memberEmail, {
      after: before,
      kind: 'notebook_shared',
    });
    expect(told.subject).toBe('Maya Sharer shared “Garden plans” with you on Sheaf');
    expect(told.link).toMatch(new RegExp(`/n/${nb!.id}$`));

    const newcomer = unique('newcomer');
    await page.getByLabel('Invite by email').fill(newcomer);
    await page.getByRole('button', { name: 'Invite' }).click();
    await page.getByText(`${newcomer} has no account yet: we emailed an invitation`).waitFor();
    const invite = await waitForMessage(e2e.stackUrl, newcomer, { kind: 'invite' });
    expect(invite.subject).toBe('A notebook was shared with you on Sheaf');
    expect(invite.text).toContain('Maya Sharer invited you to the notebook “Garden plans”');
    await context.close();
  });
});

describe('the demo account', () => {
  it('opens on a notebook of notes that show what Sheaf does', async () => {
    const { context, page } = await e2e.newPage();
    await signInThroughForm(e2e, page, 'demo@sheaf.local', 'sheaf-demo-2026');
    await page.waitForURL(`${e2e.appUrl}/`);
    await page.getByRole('link', { name: 'Welcome to Sheaf' }).first().click();
    await page.waitForURL('**/n/*');
    for (const title of ['Start here', 'Markdown in Sheaf', 'Weekend in Lisbon', 'Team meeting'])
      await page.getByText(title, { exact: true }).first().waitFor();
    await expectAccessible(page);
    await screenshots(page, 'demo-notebook');
    await context.close();
  });
});
