// A security key as a second step, in Chromium with a virtual USB security key (CDP WebAuthn):
// sign up through the inbox, add the key in Security settings (a ceremony cancelled while the key
// waits for a touch is said calmly; the same key twice is refused), add an authenticator app
// beside it, sign out, sign in with the password, choose the key at /mfa (cancelled once, then
// touched) and land at aal2; then remove the key after a confirmation, which takes this session,
// raised with the key, back to the second step. The app is opened at http://localhost, as
// WebAuthn needs (config.toml's [auth.webauthn] rp_id). Axe and screenshots on the new parts.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe.ts';
import { startE2E, type E2E } from './support/harness.ts';
import { screenshots } from './support/screenshots.ts';
import { sessionAal, signInThroughForm, signUpThroughInbox, totpCode } from './support/session.ts';
import { unique } from './support/users.ts';
import { USB_SECURITY_KEY, virtualAuthenticator } from './support/virtual-authenticator.ts';

let e2e: E2E;

beforeAll(async () => {
  e2e = await startE2E({ host: 'localhost' });
});

afterAll(async () => {
  await e2e?.close();
});

async function expectAccessible(page: Page) {
  expect(await seriousViolations(page)).toEqual([]);
}

/** The person's WebAuthn factors as Auth keeps them: a ceremony that did not finish leaves none. */
async function keyFactors(email: string): Promise<string[]> {
  const { rows } = await e2e.stack.db.query<{ friendly_name: string; status: string }>(
    `select f.friendly_name, f.status::text as status from auth.mfa_factors f
       join auth.users u on u.id = f.user_id
      where u.email = $1 and f.factor_type = 'webauthn' order by f.created_at`,
    [email],
  );
  return rows.map((r) => `${r.friendly_name} (${r.status})`);
}

const CANCELLED = 'No security key was used: the request was cancelled or timed out.';

describe('a security key as a second step', () => {
  it('is added in settings, used at /mfa after the password, and removed after asking', async () => {
    const email = unique('mfa-key');
    const password = 'security-key-1';
    const { context, page } = await e2e.newPage();
    const key = await virtualAuthenticator(context, page, USB_SECURITY_KEY);

    // Sign up through the inbox.
    await signUpThroughInbox(e2e, page, email, password);

    // Settings → Security: the recovery sentence names the key among the second steps.
    await page.goto(`${e2e.appUrl}/settings/security`);
    await expect(page.getByTestId('mfa-recovery').textContent()).resolves.toContain(
      'a phone or a security key',
    );
    const addKey = page.getByRole('form', { name: 'Add a security key or passkey' });
    const nameField = addKey.getByLabel('Name for this security key');
    await nameField.fill(' ');
    await addKey.getByRole('button', { name: 'Add security key' }).click();
    await addKey.getByText('Give the security key a name.').waitFor();

    // The browser waits for a touch that does not come; Cancel on the page ends it calmly.
    await key.present(false);
    await nameField.fill('Blue USB key');
    await addKey.getByRole('button', { name: 'Add security key' }).click();
    await addKey.getByRole('button', { name: 'Waiting for your key…' }).waitFor();
    await addKey.getByText('Follow your browser: insert or touch your security key').waitFor();
    await expectAccessible(page);
    await screenshots(page, 'settings-mfa-security-key-waiting');
    await addKey.getByRole('button', { name: 'Cancel' }).click();
    const section = page.getByRole('region', { name: 'Two-step verification' });
    await section.getByRole('status').filter({ hasText: CANCELLED }).waitFor();
    await expect(section.getByRole('alert').count()).resolves.toBe(0);
    const factors = page.getByRole('list', { name: 'Your second steps' });
    await expect(factors.count()).resolves.toBe(0);
    expect(await key.credentials()).toHaveLength(0);
    await expect(keyFactors(email)).resolves.toEqual([]);

    // Touched this time: the key is a second step, and the session is at aal2.
    await key.present(true);
    await addKey.getByRole('button', { name: 'Add security key' }).click();
    await section.getByText('“Blue USB key” is on as a second step.').waitFor();
    await factors.getByText('Blue USB key', { exact: true }).waitFor();
    await factors.getByText('Security key or passkey').waitFor();
    await section.getByText('You have only one second step').waitFor();
    await expect(sessionAal(context, e2e.appUrl)).resolves.toBe('aal2');
    expect(await key.credentials()).toHaveLength(1);
    await expectAccessible(page);
    await section.scrollIntoViewIfNeeded();
    await screenshots(page, 'settings-mfa-security-key');

    // The same key again: Auth excludes its credential, and the browser refuses.
    await nameField.fill('Spare key');
    await addKey.getByRole('button', { name: 'Add security key' }).click();
    await section
      .getByRole('alert')
      .filter({ hasText: 'This security key is already one of your second steps.' })
      .waitFor();
    await expect(factors.getByText('Spare key').count()).resolves.toBe(0);
    await expect(keyFactors(email)).resolves.toEqual(['Blue USB key (verified)']);

    // An authenticator app beside it (a further factor needs aal2, which the key gave).
    await page.getByLabel('Name for this authenticator').fill('Laptop app');
    await page.getByRole('button', { name: 'Add authenticator app' }).click();
    const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
    await page.getByLabel('Code from the app').fill(totpCode(secret));
    await page.getByRole('button', { name: 'Verify and turn on' }).click();
    await factors.getByRole('button', { name: 'Remove Laptop app' }).waitFor();
    await expect(section.getByText('You have only one second step').count()).resolves.toBe(0);

    // Sign out, sign in with the password: /mfa offers both, the key first.
    await page.getByRole('button', { name: 'Sign out', exact: true }).click();
    await page.waitForURL('**/sign-in');
    await signInThroughForm(e2e, page, email, password);
    await page.waitForURL('**/mfa');
    await page.getByRole('group', { name: 'Choose your second step' }).waitFor();
    await expect(sessionAal(context, e2e.appUrl)).resolves.toBe('aal1');
    await expect(
      page.getByRole('radio', { name: 'Security key or passkey: Blue USB key' }).isChecked(),
    ).resolves.toBe(true);
    await page.getByText('Use your security key or passkey to continue.').waitFor();
    await page.getByText('Lost every second step?').waitFor();
    await expectAccessible(page);
    await screenshots(page, 'mfa-security-key');

    // Not touched, then cancelled: a calm sentence, still at /mfa and aal1.
    await key.present(false);
    await page.getByRole('button', { name: 'Use your security key' }).click();
    await page.getByRole('button', { name: 'Waiting for your key…' }).waitFor();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('status').filter({ hasText: CANCELLED }).waitFor();
    await expect(page.getByRole('alert').count()).resolves.toBe(0);
    await expectAccessible(page);
    await screenshots(page, 'mfa-security-key-cancelled');
    expect(page.url()).toContain('/mfa');
    await expect(sessionAal(context, e2e.appUrl)).resolves.toBe('aal1');

    // Touched: signed in at aal2.
    await key.present(true);
    await page.getByRole('button', { name: 'Use your security key' }).click();
    await page.waitForURL(`${e2e.appUrl}/`);
    await expect(sessionAal(context, e2e.appUrl)).resolves.toBe('aal2');

    // Remove the key, after a confirmation that can be declined.
    await page.goto(`${e2e.appUrl}/settings/security`);
    await factors.getByRole('button', { name: 'Remove Blue USB key' }).click();
    const dialog = page.getByRole('dialog', { name: 'Remove this second step?' });
    await dialog.getByText('no longer accept “Blue USB key” as a second step').waitFor();
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Keep it' }).click();
    await dialog.waitFor({ state: 'detached' });
    await factors.getByRole('button', { name: 'Remove Blue USB key' }).click();
    await dialog.getByRole('button', { name: 'Yes, remove it' }).click();
    // This sign-in was raised to aal2 with the key: removing it takes the session back to aal1,
    // so the second step is asked again, now with the authenticator app alone.
    await page.waitForURL('**/mfa');
    await expect(sessionAal(context, e2e.appUrl)).resolves.toBe('aal1');
    await page.getByLabel('Code from Laptop app').fill(totpCode(secret, 1));
    await page.waitForURL('**/settings/security');
    await expect(sessionAal(context, e2e.appUrl)).resolves.toBe('aal2');
    await factors.getByRole('button', { name: 'Remove Laptop app' }).waitFor();
    await expect(factors.getByText('Blue USB key').count()).resolves.toBe(0);
    await context.close();
  });
});
