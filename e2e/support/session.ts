// Browser steps shared by the account tests: sign in through the form, and TOTP codes made by an
// independent implementation (otpauth).
import * as OTPAuth from 'otpauth';
import type { Page } from 'playwright-core';
import type { E2E } from './harness.ts';

export async function signInThroughForm(e2e: E2E, page: Page, email: string, password: string) {
  await page.goto(`${e2e.appUrl}/sign-in`);
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

export function totpCode(secret: string, offsetPeriods = 0): string {
  const totp = new OTPAuth.TOTP({
    secret: OTPAuth.Secret.fromBase32(secret),
    digits: 6,
    period: 30,
    algorithm: 'SHA1',
  });
  return totp.generate({ timestamp: Date.now() + offsetPeriods * 30_000 });
}
