// Browser steps shared by the account tests: sign up through the inbox, sign in through the form,
// and TOTP codes made by an independent implementation (otpauth).
import * as OTPAuth from 'otpauth';
import type { BrowserContext, Page } from 'playwright-core';
import type { E2E } from './harness.ts';
import { lastMessageId, waitForMessage } from './inbox.ts';

/** Signs up with email and password as a newcomer does: the code from the confirmation email,
 * then home. */
export async function signUpThroughInbox(e2e: E2E, page: Page, email: string, password: string) {
  await page.goto(`${e2e.appUrl}/sign-up`);
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  const beforeMail = await lastMessageId(e2e.stackUrl, email);
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.getByRole('heading', { name: 'Check your email' }).waitFor();
  const mail = await waitForMessage(e2e.stackUrl, email, { after: beforeMail });
  await page.getByLabel('6-digit code').fill(mail.code!);
  await page.waitForURL(`${e2e.appUrl}/`);
}

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

/**
 * Makes the session stored in the browser's cookies (as @supabase/ssr stores it: base64url JSON,
 * in chunks of 3180 characters) one whose access token has expired, as after a night away: the
 * next page load has to refresh it before anything can be read.
 */
export async function expireStoredSession(context: BrowserContext, appUrl: string): Promise<void> {
  const all = await context.cookies(appUrl);
  const chunks = all
    .filter((c) => /^sb-[^.]+-auth-token(\.\d+)?$/.test(c.name))
    .sort((a, b) => Number(a.name.split('.')[1] ?? 0) - Number(b.name.split('.')[1] ?? 0));
  if (chunks.length === 0) throw new Error('no session cookie to expire');
  const name = chunks[0]!.name.split('.')[0]!;
  const stored = chunks.map((c) => c.value).join('');
  const json = Buffer.from(stored.replace(/^base64-/, ''), 'base64url').toString('utf8');
  const session = JSON.parse(json) as { expires_at: number; expires_in: number };
  session.expires_at = Math.floor(Date.now() / 1000) - 600;
  const value = `base64-${Buffer.from(JSON.stringify(session), 'utf8').toString('base64url')}`;
  const parts: string[] = [];
  for (let at = 0; at < value.length; at += 3180) parts.push(value.slice(at, at + 3180));
  await context.clearCookies({ name: new RegExp(`^${name}(\\.\\d+)?$`) });
  const { hostname } = new URL(appUrl);
  await context.addCookies(
    parts.map((part, i) => ({
      name: parts.length === 1 ? name : `${name}.${i}`,
      value: part,
      domain: hostname,
      path: '/',
      sameSite: 'Lax' as const,
      expires: Math.floor(Date.now() / 1000) + 400 * 24 * 3600,
    })),
  );
}

/** The signed-in session's aal, from the access token in the session cookie (@supabase/ssr's
 * base64url JSON, possibly in chunks). */
export async function sessionAal(context: BrowserContext, appUrl: string): Promise<string | null> {
  const chunks = (await context.cookies(appUrl))
    .filter((c) => /^sb-[^.]+-auth-token(\.\d+)?$/.test(c.name))
    .sort((a, b) => Number(a.name.split('.')[1] ?? 0) - Number(b.name.split('.')[1] ?? 0));
  if (chunks.length === 0) return null;
  const stored = chunks.map((c) => c.value).join('');
  const json = Buffer.from(stored.replace(/^base64-/, ''), 'base64url').toString('utf8');
  const token = (JSON.parse(json) as { access_token: string }).access_token;
  const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as {
    aal?: string;
  };
  return claims.aal ?? null;
}
