// Small breaks of the workspace, each kept as the reproduction that found it: creating a notebook
// makes one however often it is submitted (a double click, Enter pressed again, a retry after an
// answer lost on the way back); removing a member or leaving a notebook asks first, naming the
// person and what happens; a second person signing in on the same browser never lands on the
// first person's last page, and a remembered page the person can no longer open is left quietly
// for their home.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createNotebook,
  shareNotebook,
  signedInPerson,
  type Person,
} from './notes-support/notes-steps.ts';
import { seriousViolations } from './support/axe.ts';
import { startE2E, type E2E } from './support/harness.ts';
import { screenshots } from './support/screenshots.ts';
import { signInThroughForm } from './support/session.ts';
import { listMessages } from './support/inbox.ts';
import { apiClient, createUser, unique } from './support/users.ts';

let e2e: E2E;
let ana: Person;
let ben: Person;

beforeAll(async () => {
  e2e = await startE2E();
  ana = await signedInPerson(e2e, unique('ana'), 'ana-pass-1234');
  ben = await signedInPerson(e2e, unique('ben'), 'ben-pass-1234');
});

afterAll(async () => {
  await e2e?.close();
});

const nameOf = (p: Person) => p.email.split('@')[0]!;

/** How many of this person's notebooks have this name, as the server has them. */
async function notebooksNamed(person: Person, name: string): Promise<number> {
  const { data, error } = await person.client.from('notebooks').select('id').eq('name', name);
  if (error) throw error;
  return data.length;
}

/** The notebooks on the home page with this name, once the list shows it (a reload first
 * draws the list kept on the device, then the server's). */
async function listedOnHome(page: Page, name: string): Promise<number> {
  await page.goto(`${e2e.appUrl}/`);
  await page.getByRole('list', { name: 'Notebooks', exact: true }).waitFor();
  const named = page.getByTestId('notebook-item').filter({ hasText: name });
  await named.first().waitFor();
  return named.count();
}

describe('creating a notebook', () => {
  it('makes one on a double click', async () => {
    const { page } = ana;
    await page.goto(`${e2e.appUrl}/`);
    await page.getByRole('textbox', { name: 'New notebook' }).fill('Double click');
    await page.getByRole('button', { name: 'Create notebook' }).dblclick();
    await page.waitForURL(/\/n\/[0-9a-f-]{36}$/);
    await page.getByRole('heading', { level: 1, name: 'Double click' }).waitFor();
    expect(await listedOnHome(page, 'Double click')).toBe(1);
    expect(await notebooksNamed(ana, 'Double click')).toBe(1);
  });

  it('makes one when Enter is pressed again and again', async () => {
    const { page } = ana;
    await page.goto(`${e2e.appUrl}/`);
    const field = page.getByRole('textbox', { name: 'New notebook' });
    await field.fill('Many enters');
    await field.focus();
    for (let i = 0; i < 3; i++) await page.keyboard.press('Enter');
    await page.waitForURL(/\/n\/[0-9a-f-]{36}$/);
    expect(await listedOnHome(page, 'Many enters')).toBe(1);
    expect(await notebooksNamed(ana, 'Many enters')).toBe(1);
  });

  it('makes one when the answer was lost and it is sent again', async () => {
    const { page } = ana;
    await page.goto(`${e2e.appUrl}/`);
    // The server stores the notebook, but its answer never reaches the page.
    let posts = 0;
    await page.route(
      (url) => url.pathname.endsWith('/rest/v1/notebooks'),
      async (route) => {
        if (route.request().method() !== 'POST') return route.continue();
        posts += 1;
        if (posts > 1) return route.continue();
        await route.fetch();
        await route.abort('connectionreset');
      },
    );
    await page.getByRole('textbox', { name: 'New notebook' }).fill('Lost answer');
    await page.getByRole('button', { name: 'Create notebook' }).click();
    // The app sends it again once the server answers (or the person does, after the error).
    const error = page.locator('.nb-create .field__error');
    const opened = page.waitForURL(/\/n\/[0-9a-f-]{36}$/);
    const first = await Promise.race([
      opened.then(() => 'opened'),
      error.waitFor().then(() => 'error'),
    ]);
    if (first === 'error') await page.getByRole('button', { name: 'Create notebook' }).click();
    await opened;
    await page.getByRole('heading', { level: 1, name: 'Lost answer' }).waitFor();
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    expect(posts).toBe(2);
    expect(await listedOnHome(page, 'Lost answer')).toBe(1);
    expect(await notebooksNamed(ana, 'Lost answer')).toBe(1);
  });
});

describe('removing a member and leaving', () => {
  let notebookId = '';

  it('asks before removing a member, naming them and what happens; Cancel keeps them', async () => {
    const { page } = ana;
    notebookId = await createNotebook(e2e, page, 'Garden plans');
    await shareNotebook(ana.client, notebookId, ben.email, 'editor');
    await ben.client.from('notes').insert({ notebook_id: notebookId, title: 'Ben’s bed' });
    await page.reload();
    await page.getByRole('button', { name: 'Share' }).click();
    const row = page.getByTestId('member').filter({ hasText: nameOf(ben) });
    await row.waitFor();

    await page.getByRole('button', { name: `Remove ${nameOf(ben)}` }).click();
    const confirm = page.getByRole('group', { name: `Remove ${nameOf(ben)} from Garden plans?` });
    await confirm.waitFor();
    await confirm.getByText('They lose access at once.').waitFor();
    await confirm.getByText('The notes they wrote stay in the notebook.').waitFor();
    // Nothing has happened yet: Ben is still a member.
    const members = await ana.client
      .from('notebook_members')
      .select('user_id')
      .eq('notebook_id', notebookId);
    expect(members.data).toHaveLength(2);
    await screenshots(page, 'member-remove-confirm');
    // At a phone's width the question stays inside the member's row.
    await page.setViewportSize({ width: 360, height: 740 });
    const [rowBox, questionBox] = [await row.boundingBox(), await confirm.boundingBox()];
    expect(questionBox!.x + questionBox!.width).toBeLessThanOrEqual(rowBox!.x + rowBox!.width);
    await page.setViewportSize({ width: 1280, height: 800 });
    expect(await seriousViolations(page)).toEqual([]);

    // Escape cancels the question (not the whole sharing dialog), focus goes back to Remove.
    await page.keyboard.press('Escape');
    await confirm.waitFor({ state: 'detached' });
    await expect(
      page.evaluate(() => document.activeElement?.textContent?.trim().startsWith('Remove')),
    ).resolves.toBe(true);
    await page.getByRole('dialog').waitFor();
    await row.waitFor();
  });

  it('invites once on a double click: one invitation, one email', async () => {
    const { page } = ana;
    const stranger = unique('stranger');
    await page.getByLabel('Invite by email').fill(stranger);
    await page.getByRole('button', { name: 'Invite' }).dblclick();
    await page.getByText(`${stranger} has no account yet`).waitFor();
    const pending = page.getByRole('list', { name: 'Pending invitations' });
    await pending.locator('.member__name', { hasText: stranger }).waitFor();
    const invitations = await ana.client.from('invitations').select('id').eq('email', stranger);
    expect(invitations.data).toHaveLength(1);
    await expect.poll(async () => (await listMessages(e2e.stackUrl, stranger)).length).toBe(1);
    await page.getByRole('button', { name: `Cancel invitation for ${stranger}` }).click();
    await pending.waitFor({ state: 'detached' });
    expect(await listMessages(e2e.stackUrl, stranger)).toHaveLength(1);
    // Back to where the next test starts: on "Remove" of Ben's row.
    await page.getByRole('button', { name: `Remove ${nameOf(ben)}` }).focus();
  });

  it('removes the member once confirmed from the keyboard, and says so', async () => {
    const { page } = ana;
    // Focus is on "Remove Ben" (after the cancel of the question above). Typed fast: Tab comes
    // right after Enter, before the next frame, and still lands inside the question.
    await Promise.all([page.keyboard.press('Enter'), page.keyboard.press('Tab')]);
    const confirm = page.getByRole('group', { name: `Remove ${nameOf(ben)} from Garden plans?` });
    await confirm.waitFor();
    await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe(
      `Remove ${nameOf(ben)}`,
    );
    await page.keyboard.press('Enter');
    await page
      .getByTestId('member')
      .filter({ hasText: nameOf(ben) })
      .waitFor({ state: 'detached' });
    await page
      .getByRole('status')
      .getByText(`${nameOf(ben)} no longer has access to Garden plans.`)
      .waitFor();
    // Their notes stay.
    const notes = await ana.client.from('notes').select('title').eq('notebook_id', notebookId);
    expect(notes.data?.map((n) => n.title)).toEqual(['Ben’s bed']);
  });

  it('asks before a member leaves, and Cancel keeps them in', async () => {
    await shareNotebook(ana.client, notebookId, ben.email, 'viewer');
    const { page } = ben;
    await page.goto(`${e2e.appUrl}/n/${notebookId}`);
    await page.getByRole('button', { name: 'People' }).click();
    await page.getByRole('button', { name: 'Leave notebook' }).click();
    const confirm = page.getByRole('group', { name: 'Leave Garden plans?' });
    await confirm.getByText('You lose access at once.').waitFor();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
    expect(page.url()).toBe(`${e2e.appUrl}/n/${notebookId}`);

    await page.getByRole('button', { name: 'Leave notebook' }).click();
    await screenshots(page, 'notebook-leave-confirm');
    expect(await seriousViolations(page)).toEqual([]);
    await confirm.getByRole('button', { name: 'Leave Garden plans' }).click();
    await page.waitForURL(`${e2e.appUrl}/`);
    expect(ben.dialogs).toEqual([]);
  });
});

describe('a second person on the same browser', () => {
  it('lands on their own home, not on the first person’s last notebook', async () => {
    const email = unique('cleo');
    const cleoApi = await createUser(e2e, email, 'cleo-pass-1234');
    const { page, context } = await e2e.newPage();
    await signInThroughForm(e2e, page, email, 'cleo-pass-1234');
    await page.waitForURL(`${e2e.appUrl}/`);
    const cleoNotebook = await createNotebook(e2e, page, 'Cleo’s diary');

    // Cleo is signed out from another device while her notebook is open here.
    await cleoApi.auth.signOut({ scope: 'global' });
    await page.reload();
    await page.waitForURL(`${e2e.appUrl}/sign-in`);

    // Dan signs in on the same tab.
    const dan = unique('dan');
    await createUser(e2e, dan, 'dan-pass-1234');
    await page.getByRole('textbox', { name: 'Email' }).fill(dan);
    await page.getByLabel('Password', { exact: true }).fill('dan-pass-1234');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${e2e.appUrl}/`);
    await page.getByRole('heading', { level: 1, name: /^Hello, / }).waitFor();
    expect(await page.getByText('Notebook not found').count()).toBe(0);
    expect(page.url()).not.toContain(cleoNotebook);
    await context.close();
  });

  it('goes home quietly when the remembered notebook can no longer be opened', async () => {
    const email = unique('eve');
    const eveApi = await createUser(e2e, email, 'eve-pass-1234');
    const { page, context } = await e2e.newPage();
    const shared = await ana.client.from('notebooks').insert({ name: 'Short stay' }).select('id');
    const sharedId = (shared.data as { id: string }[])[0]!.id;
    await shareNotebook(ana.client, sharedId, email, 'viewer');
    await signInThroughForm(e2e, page, email, 'eve-pass-1234');
    await page.waitForURL(`${e2e.appUrl}/`);
    await page.goto(`${e2e.appUrl}/n/${sharedId}`);
    await page.getByRole('heading', { level: 1, name: 'Short stay' }).waitFor();

    // Eve is signed out elsewhere, and while she is away Ana removes her.
    await eveApi.auth.signOut({ scope: 'global' });
    await page.reload();
    await page.waitForURL(`${e2e.appUrl}/sign-in`);
    const { data } = await apiClient(e2e).auth.signInWithPassword({
      email,
      password: 'eve-pass-1234',
    });
    await ana.client
      .from('notebook_members')
      .delete()
      .eq('notebook_id', sharedId)
      .eq('user_id', data.user!.id);

    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill('eve-pass-1234');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${e2e.appUrl}/`);
    await page.getByRole('heading', { level: 1, name: /^Hello, / }).waitFor();
    expect(await page.getByText('Notebook not found').count()).toBe(0);
    await context.close();
  });
});
