// Browser steps shared by the notes E2E tests: a signed-in person, a notebook made through the
// page, a note written in the editor, and a guard that fails when any script injection fires.
import type { SupabaseClient } from '@supabase/supabase-js';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import type { E2E } from '../support/harness.ts';
import { signInThroughForm } from '../support/session.ts';
import { createUser } from '../support/users.ts';

export interface Person {
  email: string;
  password: string;
  context: BrowserContext;
  page: Page;
  /** supabase-js signed in as this person (for seeding data). */
  client: SupabaseClient;
  /** Dialogs (alert/confirm/prompt) the page opened: injected script would show here. */
  dialogs: string[];
}

export async function signedInPerson(e2e: E2E, email: string, password: string): Promise<Person> {
  const client = await createUser(e2e, email, password);
  const { context, page } = await e2e.newPage();
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await signInThroughForm(e2e, page, email, password);
  await page.waitForURL(`${e2e.appUrl}/`);
  return { email, password, context, page, dialogs, client };
}

/** Creates a notebook from "/" and returns its id (the page is left on the notebook). */
export async function createNotebook(e2e: E2E, page: Page, name: string): Promise<string> {
  await page.goto(`${e2e.appUrl}/`);
  await page.getByRole('textbox', { name: 'New notebook' }).fill(name);
  await page.getByRole('button', { name: 'Create notebook' }).click();
  await page.waitForURL(/\/n\/[0-9a-f-]{36}$/);
  await page.getByRole('heading', { level: 1, name }).waitFor();
  return new URL(page.url()).pathname.split('/')[2]!;
}

/** "New note" on the notebook page; returns the note's id (the page is left on the editor). The
 * note is stored with its first save. */
export async function newNote(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'New note' }).click();
  await page.waitForURL(/\/n\/[0-9a-f-]{36}\/[0-9a-f-]{36}$/);
  await page.getByLabel('Title').waitFor();
  return new URL(page.url()).pathname.split('/')[3]!;
}

/** Shares a notebook the way the app does (the share-notebook function; members cannot be
 * inserted directly). */
export async function shareNotebook(
  owner: SupabaseClient,
  notebookId: string,
  email: string,
  role: 'editor' | 'commenter' | 'viewer',
) {
  const { error } = await owner.functions.invoke('share-notebook', {
    body: { notebook_id: notebookId, email, role },
  });
  if (error) throw error;
}

/**
 * Picks the editor's suggestion `option` with Enter, as a person does: once the list has been on
 * screen a moment. CodeMirror takes an Enter within 75 ms of the list appearing as a new line
 * (its interactionDelay, against accepting by accident while typing fast).
 */
export async function pickSuggestion(page: Page, option: Locator) {
  await option.waitFor();
  await page.waitForTimeout(150);
  await page.keyboard.press('Enter');
}

/** An action from the note's "More actions" menu (history, move, publish, trash…). */
export async function noteAction(page: Page, name: string) {
  await page.getByRole('button', { name: 'More actions' }).click();
  await page.getByRole('menuitem', { name, exact: true }).click();
}

/** The note body's editor (CodeMirror: a multi-line textbox). */
export function bodyEditor(page: Page) {
  return page.getByRole('textbox', { name: 'Body (markdown)' });
}

/** Replaces the whole body, as typing or pasting would (no keymap: Enter does not continue lists). */
export async function writeBody(page: Page, text: string) {
  await bodyEditor(page).fill(text);
}

/** The body as the editor holds it, line by line (others' carets and name labels left out). */
export async function bodyText(page: Page): Promise<string> {
  const editor = bodyEditor(page);
  await editor.waitFor();
  return editor.evaluate((el) =>
    Array.from(el.querySelectorAll('.cm-line'), (line) => {
      const copy = line.cloneNode(true) as HTMLElement;
      copy.querySelectorAll('.cm-ySelectionCaret').forEach((caret) => caret.remove());
      return copy.textContent ?? '';
    }).join('\n'),
  );
}

export async function waitSaved(page: Page) {
  await page.getByTestId('save-status').filter({ hasText: 'All changes saved' }).waitFor();
}

/** Selects `phrase` in the body's editor, as a person dragging over it would. */
export async function selectText(page: Page, phrase: string): Promise<void> {
  await page.locator('.md-editor .cm-content').focus();
  await page.locator('.md-editor .cm-content').evaluate((content, phrase) => {
    const walker = document.createTreeWalker(content, NodeFilter.SHOW_TEXT);
    let text = '';
    const nodes: { node: Text; at: number }[] = [];
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      // Others' carets carry their names: not the note's text.
      if (n.parentElement?.closest('.cm-ySelectionCaret')) continue;
      nodes.push({ node: n as Text, at: text.length });
      text += n.textContent ?? '';
    }
    const start = text.indexOf(phrase);
    if (start < 0) throw new Error(`"${phrase}" is not in the editor`);
    const end = start + phrase.length;
    const locate = (offset: number) => {
      const hit = [...nodes].reverse().find((n) => n.at <= offset)!;
      return [hit.node, offset - hit.at] as const;
    };
    const range = document.createRange();
    range.setStart(...locate(start));
    range.setEnd(...locate(end));
    const selection = window.getSelection()!;
    selection.removeAllRanges();
    selection.addRange(range);
  }, phrase);
  // CodeMirror reads the selection on the next selectionchange.
  await page.waitForTimeout(150);
}
