// Passkeys, as a person uses them, in Chromium with its virtual authenticator (CDP WebAuthn): sign
// up through the inbox, add a passkey in Security settings, rename it, sign out, sign in with
// passkey autofill and with the passkey button, see it used, remove it (after confirming), and find it refused afterwards.
// The app is opened at http://localhost: a browser refuses an IP address as a passkey's domain
// (config.toml's [auth.webauthn] rp_id is "localhost"). Axe and screenshots on the new parts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe.ts';
import { startE2E, type E2E } from './support/harness.ts';
import { lastMessageId, waitForMessage } from './support/inbox.ts';
import { screenshots } from './support/screenshots.ts';
import { unique } from './support/users.ts';
import { virtualAuthenticator } from './support/virtual-authenticator.ts';

let e2e: E2E;

beforeAll(async () => {
  e2e = await startE2E({ host: 'localhost' });
});

afterAll(async () => {
  await e2e?.close();
});

describe('passkeys', () => {
  it('are added, renamed, used to sign in and removed', async () => {
    const email = unique('passkey');
    const { context, page } = await e2e.newPage();
    const authenticator = await virtualAuthenticator(context, page);

    // Sign up and confirm through the inbox.
    await page.goto(`${e2e.appUrl}/sign-up`);
    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill('passkey-pass-12');
    const before = await lastMessageId(e2e.stackUrl, email);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL('**/verify?email=*');
    const mail = await waitForMessage(e2e.stackUrl, email, { after: before });
    await page.getByLabel('6-digit code').fill(mail.code!);
    await page.waitForURL(`${e2e.appUrl}/`);
    await page.getByTestId('account-email').filter({ hasText: email }).waitFor();

    // Security settings: none yet, then one added on this device.
    await page.goto(`${e2e.appUrl}/settings/security`);
    const section = page.getByRole('region', { name: 'Passkeys' });
    await section.getByText('You have no passkeys yet.').waitFor();
    await section.getByText('A passkey lets you sign in without your password').waitFor();
    const nameField = section.getByLabel('Name for the new passkey');
    await expect(nameField.inputValue()).resolves.toBe('Chrome on Linux');
    await nameField.fill('Work laptop');
    await section.getByRole('button', { name: 'Add a passkey' }).click();
    await section.getByText('Your passkey was added.').waitFor();
    const list = section.getByRole('list', { name: 'Your passkeys' });
    await list.getByText('Work laptop', { exact: true }).waitFor();
    await list.getByText(/Added .* · not used to sign in yet/).waitFor();
    expect(await authenticator.credentials()).toHaveLength(1);

    // Renamed in place.
    await list.getByRole('button', { name: 'Rename Work laptop' }).click();
    const rename = section.getByRole('form', { name: 'Rename Work laptop' });
    await rename.getByLabel('Name of this passkey').fill('');
    await rename.getByRole('button', { name: 'Save name' }).click();
    await rename.getByText('Give the passkey a name.').waitFor();
    await rename.getByLabel('Name of this passkey').fill('Home desktop');
    await rename.getByRole('button', { name: 'Save name' }).click();
    await section.getByText('The passkey is now called “Home desktop”.').waitFor();
    await list.getByText('Home desktop', { exact: true }).waitFor();
    await page.reload();
    await list.getByText('Home desktop', { exact: true }).waitFor();
    await expect(list.getByText('Work laptop').count()).resolves.toBe(0);
    await expect(seriousViolations(page)).resolves.toEqual([]);
    await section.scrollIntoViewIfNeeded();
    await screenshots(page, 'settings-passkeys');

    // Signed out, then in again with the passkey alone, twice. First by autofill: the sign-in
    // page's conditional-mediation request, which the virtual authenticator answers at once (as a
    // person picking the passkey from the email field's suggestions).
    await page.getByRole('button', { name: 'Sign out', exact: true }).click();
    await page.waitForURL(`${e2e.appUrl}/`);
    await page.getByTestId('account-email').filter({ hasText: email }).waitFor();

    // Then with the button, in a browser that has no passkey autofill (so nothing answers first).
    await page.addInitScript(() => {
      PublicKeyCredential.isConditionalMediationAvailable = () => Promise.resolve(false);
    });
    await page.reload();
    await page.getByTestId('account-email').filter({ hasText: email }).waitFor();
    await page.getByRole('button', { name: 'Sign out', exact: true }).click();
    await page.waitForURL('**/sign-in');
    await expect(
      page.getByRole('textbox', { name: 'Email' }).getAttribute('autocomplete'),
    ).resolves.toBe('username webauthn');
    await expect(seriousViolations(page)).resolves.toEqual([]);
    await screenshots(page, 'sign-in-passkey');
    await page.getByRole('button', { name: 'Use a passkey' }).click();
    await page.waitForURL(`${e2e.appUrl}/`);
    await page.getByTestId('account-email').filter({ hasText: email }).waitFor();

    // The list says it was used; removing asks first, and "Keep it" keeps it.
    await page.goto(`${e2e.appUrl}/settings/security`);
    await list.getByText(/Added .* · last used /).waitFor();
    await list.getByRole('button', { name: 'Remove Home desktop' }).click();
    const dialog = page.getByRole('dialog', { name: 'Remove this passkey?' });
    await dialog.getByText('“Home desktop” will no longer sign you in to Sheaf.').waitFor();
    await expect(seriousViolations(page)).resolves.toEqual([]);
    await dialog.getByRole('button', { name: 'Keep it' }).click();
    await dialog.waitFor({ state: 'detached' });
    await list.getByText('Home desktop', { exact: true }).waitFor();
    await list.getByRole('button', { name: 'Remove Home desktop' }).click();
    await dialog.getByRole('button', { name: 'Remove passkey' }).click();
    await section.getByText('“Home desktop” was removed.').waitFor();
    await section.getByText('You have no passkeys yet.').waitFor();

    // The device still holds it, but Sheaf no longer accepts it.
    await page.getByRole('button', { name: 'Sign out', exact: true }).click();
    await page.waitForURL('**/sign-in');
    await page.getByRole('button', { name: 'Use a passkey' }).click();
    await page.getByRole('alert').filter({ hasText: 'That passkey was not accepted.' }).waitFor();
    expect(page.url()).toContain('/sign-in');
    await context.close();
  });

  it('say so at an IP address, where the browser refuses them, and ask nothing on their own', async () => {
    const { context, page } = await e2e.newPage();
    await virtualAuthenticator(context, page);
    const asked: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/passkeys/')) asked.push(r.url());
    });
    const ipUrl = e2e.appUrl.replace('localhost', '127.0.0.1');
    await page.goto(`${ipUrl}/sign-in`);
    await page.getByRole('button', { name: 'Use a passkey' }).waitFor();
    await page.waitForTimeout(500);
    expect(asked).toEqual([]);
    await expect(page.getByRole('alert').count()).resolves.toBe(0);
    await page.getByRole('button', { name: 'Use a passkey' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: 'Passkeys do not work at this address of Sheaf.' })
      .waitFor();
    await context.close();
  });
});
