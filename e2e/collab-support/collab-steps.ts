// Steps shared by the live-collaboration E2E tests: a shared notebook with a note several
// people open, typing into the body at the same moment, and reading what each screen shows.
import type { Page } from 'playwright-core';
import {
  bodyEditor,
  createNotebook,
  newNote,
  shareNotebook,
  waitSaved,
  writeBody,
  type Person,
} from '../notes-support/notes-steps.ts';
import type { E2E } from '../support/harness.ts';

/** The owner makes a notebook with one note (title, body), shared with the others by role. */
export async function sharedNote(
  e2e: E2E,
  owner: Person,
  members: { person: Person; role: 'editor' | 'commenter' | 'viewer' }[],
  title: string,
  body: string,
): Promise<{ notebookId: string; noteId: string; url: string }> {
  const notebookId = await createNotebook(e2e, owner.page, `${title} notebook`);
  const noteId = await newNote(owner.page);
  await owner.page.getByLabel('Title').fill(title);
  await writeBody(owner.page, body);
  await waitSaved(owner.page);
  for (const { person, role } of members)
    await shareNotebook(owner.client, notebookId, person.email, role);
  return { notebookId, noteId, url: `${e2e.appUrl}/n/${notebookId}/${noteId}` };
}

/** Opens the note and waits until its body is the shared document (editable for editors). */
export async function openShared(page: Page, url: string, editable = true): Promise<void> {
  await page.goto(url);
  const body = editable
    ? bodyEditor(page)
    : page.getByRole('textbox', { name: 'Body (markdown, read only)' });
  await body.waitFor();
  if (editable) await page.locator('.cm-content[contenteditable="true"]').waitFor();
}

/** The body's text as this screen shows it (CodeMirror's lines, without others' carets). */
export async function shownText(page: Page): Promise<string> {
  return page.locator('.md-editor .cm-content').evaluate((el) =>
    Array.from(el.querySelectorAll('.cm-line'), (line) => {
      const copy = line.cloneNode(true) as HTMLElement;
      copy.querySelectorAll('.cm-ySelectionCaret').forEach((caret) => caret.remove());
      return copy.textContent ?? '';
    }).join('\n'),
  );
}

/** Puts the caret at the end of the body and types, key by key. */
export async function typeAtEnd(page: Page, text: string, delay = 15): Promise<void> {
  await bodyEditor(page).click();
  await page.keyboard.press('Control+End');
  await page.keyboard.type(text, { delay });
}

/** Waits until every screen shows the same body and it passes `done`; returns it. */
export async function converged(
  pages: Page[],
  done: (text: string) => boolean,
  timeoutMs = 30_000,
): Promise<string> {
  const until = Date.now() + timeoutMs;
  let texts: string[] = [];
  while (Date.now() < until) {
    texts = await Promise.all(pages.map(shownText));
    if (texts.every((t) => t === texts[0]) && done(texts[0]!)) return texts[0]!;
    await pages[0]!.waitForTimeout(100);
  }
  throw new Error(`screens did not converge:\n${texts.map((t) => JSON.stringify(t)).join('\n')}`);
}

/** Each character of `typed` appears in `text` in the typed order (others' text in between). */
export function holdsInOrder(text: string, typed: string): boolean {
  let at = 0;
  for (const ch of typed) {
    at = text.indexOf(ch, at);
    if (at < 0) return false;
    at += 1;
  }
  return true;
}
