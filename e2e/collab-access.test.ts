// Access in a live note, in Chromium: a viewer watches an editor's text arrive, cannot type, and
// their forged writes (a row in the note's log through REST, the append function, an edit
// broadcast on the note's channel from a socket of their own) are refused — the text never holds
// them; an editor whose role is lowered to viewer while the note is open gets a read-only note
// with a sentence; one whose app does not hear of it (a hostile client) gets nothing typed
// afterwards onto the other screen or into the note; a member removed while the note is open
// sees it close with a sentence.
import { describe, expect, it } from 'vitest';
import {
  converged,
  openShared,
  sharedNote,
  shownText,
  typeAtEnd,
} from './collab-support/collab-steps.ts';
import {
  forgeThroughChannel,
  forgeThroughRest,
  ignoreAccessChanges,
} from './collab-support/forge.ts';
import { bodyEditor, type Person } from './notes-support/notes-steps.ts';
import { screenshots } from './support/screenshots.ts';
import { signedInPeople } from './collab-support/people.ts';

const people = signedInPeople('ana', 'ben', 'cleo');

async function userId(person: Person): Promise<string> {
  return (await person.client.auth.getUser()).data.user!.id;
}

describe('access to a live note', () => {
  it('lets a viewer watch edits live, and refuses whatever they write', async () => {
    const { e2e, ana, ben } = people;
    const note = await sharedNote(e2e, ana, [{ person: ben, role: 'viewer' }], 'Watched', 'One.');
    await openShared(ben.page, note.url, false);
    await ben.page.getByText('Read only').waitFor();
    await typeAtEnd(ana.page, ' Two.');
    await converged([ana.page, ben.page], (t) => t === 'One. Two.');

    // Typing in the read-only editor changes nothing.
    await ben.page.locator('.md-editor .cm-content').click();
    await ben.page.keyboard.type('viewer was here');
    expect(await ben.page.locator('.cm-content[contenteditable="true"]').count()).toBe(0);

    // Forged writes from outside the app, with the viewer's own session.
    expect(await forgeThroughRest(ben.client, note, 'FORGED-REST ')).toEqual(['42501', '42501']);
    await forgeThroughChannel(e2e, ben.client, note.noteId, 'FORGED-SOCKET ');
    await typeAtEnd(ana.page, ' Three.');
    const text = await converged([ana.page, ben.page], (t) => t.endsWith('Three.'));
    expect(text).toBe('One. Two. Three.');
    await ana.page.reload();
    await openShared(ana.page, note.url);
    expect(await shownText(ana.page)).toBe('One. Two. Three.');
  });

  it('turns the note read-only with a sentence when the role is lowered to viewer', async () => {
    const { e2e, ana, cleo } = people;
    const note = await sharedNote(e2e, ana, [{ person: cleo, role: 'editor' }], 'Lowered', 'A.');
    await openShared(cleo.page, note.url);
    await typeAtEnd(cleo.page, ' B.');
    await converged([ana.page, cleo.page], (t) => t === 'A. B.');
    const { error } = await ana.client
      .from('notebook_members')
      .update({ role: 'viewer' })
      .eq('notebook_id', note.notebookId)
      .eq('user_id', await userId(cleo));
    expect(error).toBeNull();
    await cleo.page
      .getByText('Your role in this notebook is now viewer, so this note is read-only.', {
        exact: false,
      })
      .waitFor();
    await cleo.page.getByRole('textbox', { name: 'Body (markdown, read only)' }).waitFor();
    expect(await bodyEditor(cleo.page).count()).toBe(0);
    await typeAtEnd(ana.page, ' C.');
    expect(await converged([ana.page, cleo.page], (t) => t === 'A. B. C.')).toBe('A. B. C.');
    await screenshots(cleo.page, 'collab-role-lowered');
  });

  it('takes nothing an editor types once lowered to viewer, even from an app that does not hear of it', async () => {
    const { e2e, ana, ben } = people;
    const note = await sharedNote(e2e, ana, [{ person: ben, role: 'editor' }], 'Demoted', 'Go.');
    // Ben's app never hears of his own role changes, as a hostile client would ignore them.
    await ignoreAccessChanges(ben.context);
    await openShared(ben.page, note.url);
    await typeAtEnd(ben.page, ' Before.');
    await converged([ana.page, ben.page], (t) => t === 'Go. Before.');
    const { error } = await ana.client
      .from('notebook_members')
      .update({ role: 'viewer' })
      .eq('notebook_id', note.notebookId)
      .eq('user_id', await userId(ben));
    expect(error).toBeNull();
    // Time for Ana's app to hear of it, and for any key of Ben's it remembered to go stale.
    await ana.page.waitForTimeout(2500);
    // Ben's app still lets him type; whatever it sends is his, signed — and refused.
    if ((await ben.page.locator('.cm-content[contenteditable="true"]').count()) > 0)
      await typeAtEnd(ben.page, ' AFTER', 40);
    await typeAtEnd(ana.page, ' Ana.');
    const text = await converged([ana.page], (t) => t.endsWith('Ana.'));
    expect(text).toBe('Go. Before. Ana.');
    await ana.page.waitForTimeout(1500);
    expect(await shownText(ana.page)).toBe('Go. Before. Ana.');
    const stored = await ana.client.from('notes').select('body').eq('id', note.noteId).single();
    expect(stored.data?.body).toBe('Go. Before. Ana.');
    await ana.page.reload();
    await openShared(ana.page, note.url);
    expect(await shownText(ana.page)).toBe('Go. Before. Ana.');
  });

  it('closes the note with a sentence when the member is removed while it is open', async () => {
    const { e2e, ana, ben } = people;
    const note = await sharedNote(e2e, ana, [{ person: ben, role: 'editor' }], 'Removed', 'X.');
    await openShared(ben.page, note.url);
    await typeAtEnd(ben.page, ' Y.');
    await converged([ana.page, ben.page], (t) => t === 'X. Y.');
    const { error } = await ana.client
      .from('notebook_members')
      .delete()
      .eq('notebook_id', note.notebookId)
      .eq('user_id', await userId(ben));
    expect(error).toBeNull();
    await ben.page
      .getByText(
        'You were removed from “Removed notebook”, so this notebook and its notes are closed.',
      )
      .waitFor();
    expect(await bodyEditor(ben.page).count()).toBe(0);
    await screenshots(ben.page, 'collab-removed');
    await ana.page.reload();
    await openShared(ana.page, note.url);
    expect(await shownText(ana.page)).toBe('X. Y.');
  });
});
