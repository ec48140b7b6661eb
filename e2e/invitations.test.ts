// Someone without an account is invited to a notebook and arrives as a newcomer would (issue
// 22): the owner shares through the Share panel; the invitee opens the email in the stack's
// inbox in a fresh browser and clicks "Accept the invitation" — signed in, in the notebook with
// their role, welcomed (name, password), writing with the owner, and able to come back. The same
// link used again, and "Create an account" with the invited address (before and after the
// invitation was accepted), lead into the notebook too, never to an error page. Sign-in and
// recovery links work in another browser than the one that asked, as the invitation does.
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bodyText,
  createNotebook,
  newNote,
  signedInPerson,
  waitSaved,
  writeBody,
  type Person,
} from './notes-support/notes-steps.ts';
import { seriousViolations } from './support/axe.ts';
import { startE2E, type E2E } from './support/harness.ts';
import { lastMessageId, waitForMessage } from './support/inbox.ts';
import { screenshots } from './support/screenshots.ts';
import { signInThroughForm } from './support/session.ts';
import { createUser, unique } from './support/users.ts';

let e2e: E2E;
let owner: Person;
let notebookId = '';
let noteUrl = '';
const NOTEBOOK = 'Field notes';

beforeAll(async () => {
  e2e = await startE2E();
  owner = await signedInPerson(e2e, unique('inviter'), 'inviter-pass-1');
  notebookId = await createNotebook(e2e, owner.page, NOTEBOOK);
  await newNote(owner.page);
  noteUrl = owner.page.url();
  await owner.page.getByLabel('Title').fill('Plan');
  await writeBody(owner.page, 'Water daily.');
  await waitSaved(owner.page);
});

afterAll(async () => {
  await e2e?.close();
});

async function expectAccessible(page: Page) {
  expect(await seriousViolations(page)).toEqual([]);
}

/** The owner invites `email` as an editor through the Share panel. */
async function invite(email: string) {
  const { page } = owner;
  await page.goto(`${e2e.appUrl}/n/${notebookId}`);
  await page.getByRole('button', { name: 'Share' }).click();
  await page.getByLabel('Invite by email').fill(email);
  await page.getByLabel('Role', { exact: true }).selectOption('editor');
  await page.getByRole('button', { name: 'Invite' }).click();
  await page.getByText(`${email} has no account yet: we emailed an invitation`).waitFor();
  await page.keyboard.press('Escape');
}

/** Opens the newest email to `email` in the stack's inbox, as its reader sees it. */
async function openEmail(page: Page, email: string, kind: string) {
  const message = await waitForMessage(e2e.stackUrl, email, { kind });
  await page.goto(`${e2e.stackUrl}/inbox?to=${encodeURIComponent(email)}`);
  await page.locator(`a[href="/inbox/${message.id}"]`).click();
  await page.waitForURL(`${e2e.stackUrl}/inbox/${message.id}`);
  return message;
}

/** The newest code sent to `email` after message `after`. */
async function codeFor(email: string, after: number) {
  return (await waitForMessage(e2e.stackUrl, email, { after })).code!;
}

async function inTheNotebookAsEditor(page: Page) {
  await page.waitForURL(`${e2e.appUrl}/n/${notebookId}`);
  await page.getByRole('heading', { level: 1, name: NOTEBOOK }).waitFor();
  await page.getByText('You can edit the notes in this notebook.').waitFor();
}

const welcome = (page: Page) => page.getByRole('complementary', { name: 'Welcome to Sheaf' });

async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Sign out', exact: true }).click();
  await page.waitForURL('**/sign-in');
}

describe('an invitation to someone without an account', () => {
  const invitee = unique('newcomer');
  let fresh: { context: BrowserContext; page: Page };

  it('followed from the inbox in a fresh context, lands them signed in, in the notebook, welcomed', async () => {
    await invite(invitee);
    fresh = await e2e.newPage();
    const { page } = fresh;
    await openEmail(page, invitee, 'invite');
    await page.getByRole('heading', { name: /shared a notebook with you/ }).waitFor();
    await page.getByRole('link', { name: 'Accept the invitation and open the notebook' }).click();

    await inTheNotebookAsEditor(page);
    await expect(page.getByText('This link did not work').count()).resolves.toBe(0);
    await welcome(page).waitFor();
    await welcome(page).getByText(`shared “${NOTEBOOK}” with you.`).waitFor();
    await page.getByRole('link', { name: 'Plan' }).waitFor();
    await expectAccessible(page);
    await screenshots(page, 'invitation-arrived');
  });

  it('lets them name themselves, choose a password and write with the owner', async () => {
    const { page } = fresh;
    await welcome(page).getByLabel('Your name').fill('Nia Newcomer');
    await welcome(page).getByLabel('Password (optional)').fill('short');
    await welcome(page).getByRole('button', { name: 'Save' }).click();
    await welcome(page).getByText('Use at least 8 characters').waitFor();
    await welcome(page).getByLabel('Password (optional)').fill('nia-pass-123');
    await welcome(page).getByRole('button', { name: 'Save' }).click();
    const done = page.getByRole('complementary', { name: 'You are all set' });
    await done.getByText('Next time, sign in with your email address and password.').waitFor();
    await screenshots(page, 'invitation-welcomed');
    await done.getByRole('button', { name: 'Close' }).click();
    await done.waitFor({ state: 'detached' });

    // Writes: edits the owner's note and adds one of their own.
    await page.goto(noteUrl);
    await writeBody(page, 'Water daily. Weed on Fridays.');
    await waitSaved(page);
    await page.goto(`${e2e.appUrl}/n/${notebookId}`);
    await newNote(page);
    await page.getByLabel('Title').fill('Seeds to buy');
    await writeBody(page, 'Basil, chard.');
    await waitSaved(page);

    await owner.page.goto(noteUrl);
    await expect
      .poll(() => bodyText(owner.page), { timeout: 15_000 })
      .toBe('Water daily. Weed on Fridays.');
    await owner.page.goto(`${e2e.appUrl}/n/${notebookId}`);
    await owner.page.getByRole('link', { name: 'Seeds to buy' }).waitFor();
    await owner.page.getByRole('button', { name: 'Share' }).click();
    const people = owner.page.getByRole('dialog', { name: `People in “${NOTEBOOK}”` });
    await people.locator('.member__name', { hasText: 'Nia Newcomer' }).waitFor();
    await owner.page.keyboard.press('Escape');
  });

  it('lets them come back with the password they chose', async () => {
    const { page } = fresh;
    await signOut(page);
    await signInThroughForm(e2e, page, invitee, 'nia-pass-123');
    await page.waitForURL(`${e2e.appUrl}/`);
    await page.getByRole('link', { name: NOTEBOOK }).first().click();
    await inTheNotebookAsEditor(page);
    await expect(welcome(page).count()).resolves.toBe(0);
    await fresh.context.close();
  });

  it('sends the invitation link, used once already, on to a sign-in code and the notebook', async () => {
    const other = await e2e.newPage();
    const { page } = other;
    await openEmail(page, invitee, 'invite');
    await page.getByRole('link', { name: 'Accept the invitation and open the notebook' }).click();
    await page.getByRole('heading', { name: 'This invitation link no longer works' }).waitFor();
    await page.getByText('It has expired or was already used.').waitFor();
    await expect(page.getByRole('textbox', { name: 'Email' }).inputValue()).resolves.toBe(invitee);
    await expectAccessible(page);
    await screenshots(page, 'invitation-link-used');
    const before = await lastMessageId(e2e.stackUrl, invitee);
    await page.getByRole('button', { name: 'Send me a sign-in code' }).click();
    await page.getByLabel('6-digit code').fill(await codeFor(invitee, before));
    await page.waitForURL(`${e2e.appUrl}/n/${notebookId}`);
    await inTheNotebookAsEditor(page);
    await other.context.close();
  });
});

describe('"Create an account" with an invited address', () => {
  it('confirms the invitation with the code sent, keeps the password typed, and opens the notebook', async () => {
    const invitee = unique('signs-up');
    await invite(invitee);
    // They sign up once the invitation has reached them, as a person does — not within a
    // second: Auth sends no second email to an address within [auth.email] max_frequency of
    // the last (429 over_email_send_rate_limit, as hosted), and signing up sends the code.
    const invitation = await waitForMessage(e2e.stackUrl, invitee, { kind: 'invite' });
    const { maxFrequencyMs } = e2e.stack.config.auth.email;
    const resendable = Date.parse(invitation.created_at) + maxFrequencyMs + 250;
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, resendable - Date.now())));
    const { context, page } = await e2e.newPage();
    await page.goto(`${e2e.appUrl}/sign-up`);
    await page.getByRole('textbox', { name: 'Email' }).fill(invitee);
    await page.getByLabel('Password', { exact: true }).fill('chosen-pass-1');
    const before = await lastMessageId(e2e.stackUrl, invitee);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL('**/verify?*reason=known');
    await page.getByText('or a notebook was shared with it').waitFor();
    await expectAccessible(page);
    await screenshots(page, 'verify-known-address');
    await page.getByLabel('6-digit code').fill(await codeFor(invitee, before));

    await inTheNotebookAsEditor(page);
    await welcome(page).getByText('Your password is set: sign in with it next time.').waitFor();
    await welcome(page).getByRole('button', { name: 'Not now' }).click();
    await welcome(page).waitFor({ state: 'detached' });
    await signOut(page);
    await signInThroughForm(e2e, page, invitee, 'chosen-pass-1');
    await page.waitForURL(`${e2e.appUrl}/`);
    await context.close();
  });

  it('offers a sign-in code when the invitation was accepted already (no code is sent then)', async () => {
    const invitee = unique('accepted');
    await invite(invitee);
    const first = await e2e.newPage();
    await openEmail(first.page, invitee, 'invite');
    await first.page
      .getByRole('link', { name: 'Accept the invitation and open the notebook' })
      .click();
    await inTheNotebookAsEditor(first.page);
    await first.context.close();

    // On a phone, this time.
    const context = await e2e.browser.newContext({ viewport: { width: 360, height: 740 } });
    const page = await context.newPage();
    await page.goto(`${e2e.appUrl}/sign-up`);
    await page.getByRole('textbox', { name: 'Email' }).fill(invitee);
    await page.getByLabel('Password', { exact: true }).fill('typed-later-1');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL('**/verify?*reason=known');
    const before = await lastMessageId(e2e.stackUrl, invitee);
    await page.getByRole('button', { name: 'Send me a sign-in code' }).click();
    await page.getByText(`A sign-in code is on its way to ${invitee}.`).waitFor();
    const mail = await waitForMessage(e2e.stackUrl, invitee, { after: before });
    expect(mail.kind).toBe('magic_link');
    await page.getByLabel('6-digit code').fill(mail.code!);
    await inTheNotebookAsEditor(page);
    // The welcome starts small on a phone, the notebook in view; it opens when asked.
    await welcome(page).getByRole('button', { name: 'Set name and password' }).waitFor();
    await expect(welcome(page).getByLabel('Your name').count()).resolves.toBe(0);
    await expectAccessible(page);
    await screenshots(page, 'invitation-welcome-phone');
    await welcome(page).getByRole('button', { name: 'Set name and password' }).click();
    await expect
      .poll(() =>
        welcome(page)
          .getByLabel('Your name')
          .evaluate((el) => el === document.activeElement),
      )
      .toBe(true);
    await welcome(page).getByRole('button', { name: 'Not now' }).click();
    await welcome(page).waitFor({ state: 'detached' });
    await page.reload();
    await inTheNotebookAsEditor(page);
    await expect(welcome(page).count()).resolves.toBe(0);
    await context.close();
  });
});

describe("Sheaf's sign-in and recovery links opened in another browser", () => {
  it('signs in there, and leads there to choosing a new password', async () => {
    const email = unique('elsewhere');
    await createUser(e2e, email, 'first-pass-1');
    const asker = await e2e.newPage();
    await asker.page.goto(`${e2e.appUrl}/sign-in/code`);
    await asker.page.getByRole('textbox', { name: 'Email' }).fill(email);
    await asker.page.getByRole('button', { name: 'Send code' }).click();
    await asker.page.getByRole('heading', { name: 'Enter your code' }).waitFor();

    const other = await e2e.newPage();
    await openEmail(other.page, email, 'magic_link');
    await other.page.getByRole('link', { name: 'sign in with this link' }).click();
    await other.page.waitForURL(`${e2e.appUrl}/`);
    await other.page.getByTestId('account-email').filter({ hasText: email }).waitFor();
    await other.context.close();

    await asker.page.goto(`${e2e.appUrl}/forgot-password`);
    await asker.page.getByRole('textbox', { name: 'Email' }).fill(email);
    await asker.page.getByRole('button', { name: 'Send reset email' }).click();
    await asker.page.getByRole('heading', { name: 'Check your email' }).waitFor();
    const third = await e2e.newPage();
    await openEmail(third.page, email, 'recovery');
    await third.page.getByRole('link', { name: 'Choose a new password' }).click();
    await third.page.waitForURL('**/reset-password');
    await third.page.getByLabel('New password', { exact: true }).fill('second-pass-2');
    await third.page.getByRole('button', { name: 'Save password and continue' }).click();
    await third.page.waitForURL(`${e2e.appUrl}/`);
    await signOut(third.page);
    await signInThroughForm(e2e, third.page, email, 'second-pass-2');
    await third.page.waitForURL(`${e2e.appUrl}/`);
    await third.context.close();
    await asker.context.close();
  });
});
