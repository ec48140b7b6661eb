// Offline edits of a live note, in Chromium: an editor goes offline, keeps typing while someone
// else types online, and the banner says a note has changes not yet saved; back online the two
// texts merge. Then offline again, an edit, the tab closed before the connection returns: the
// edit waits on the device, and once the app is open again online it is stored and reaches the
// other screen. Offline is a lost connection: requests fail and the live socket drops too (see
// connection() in support/network.ts). Asserts on final text, never on timing.
import { beforeAll, describe, expect, it } from 'vitest';
import {
  converged,
  holdsInOrder,
  openShared,
  sharedNote,
  shownText,
  typeAtEnd,
} from './collab-support/collab-steps.ts';
import { signedInPeople } from './collab-support/people.ts';
import { connection } from './support/network.ts';
import { screenshots } from './support/screenshots.ts';

const people = signedInPeople('ana', 'ben');
let bensNetwork: Awaited<ReturnType<typeof connection>>;
beforeAll(async () => {
  bensNetwork = await connection(people.ben.context);
});

describe('a live note offline', () => {
  it('merges what was typed offline with what others typed meanwhile', async () => {
    const { e2e, ana, ben } = people;
    const note = await sharedNote(e2e, ana, [{ person: ben, role: 'editor' }], 'Train', 'Go.');
    await openShared(ben.page, note.url);
    await converged([ana.page, ben.page], (t) => t === 'Go.');

    await bensNetwork.offline();
    await typeAtEnd(ben.page, ' [offline-ben]');
    await ben.page
      .getByRole('status')
      .filter({ hasText: '1 note has changes not yet saved; they are kept on this device.' })
      .waitFor();
    await screenshots(ben.page, 'collab-offline-pending');
    await typeAtEnd(ana.page, ' [online-ana]');
    expect(await shownText(ana.page)).toBe('Go. [online-ana]'); // nothing of Ben's got through
    await bensNetwork.online();
    const length = 'Go.'.length + ' [offline-ben]'.length + ' [online-ana]'.length;
    const text = await converged([ana.page, ben.page], (t) => t.length === length);
    expect(['Go. [offline-ben] [online-ana]', 'Go. [online-ana] [offline-ben]']).toContain(text);
  });

  it('keeps an edit made offline in a tab then closed, and stores it when the app is back online', async () => {
    const { e2e, ana, ben } = people;
    const note = await sharedNote(e2e, ana, [{ person: ben, role: 'editor' }], 'Tunnel', 'In.');
    await openShared(ben.page, note.url);
    await converged([ana.page, ben.page], (t) => t === 'In.');

    await bensNetwork.offline();
    await typeAtEnd(ben.page, ' [kept-on-device]');
    await ben.page
      .getByRole('status')
      .filter({ hasText: '1 note has changes not yet saved' })
      .waitFor();
    await ben.page.close();
    await typeAtEnd(ana.page, ' [meanwhile]');
    expect(await shownText(ana.page)).toBe('In. [meanwhile]'); // nothing of Ben's got through

    // Back online, the app opens elsewhere (home): the closed tab's edit is sent from there.
    await bensNetwork.online();
    ben.page = await ben.context.newPage();
    await ben.page.goto(`${e2e.appUrl}/n/${note.notebookId}`);
    const expected = (t: string) =>
      holdsInOrder(t, ' [kept-on-device]') && holdsInOrder(t, ' [meanwhile]');
    await converged([ana.page], expected);
    await openShared(ben.page, note.url);
    const text = await converged([ana.page, ben.page], expected);
    // Typed apart, each run of text stays whole: one after the other, in either order.
    expect(['In. [kept-on-device] [meanwhile]', 'In. [meanwhile] [kept-on-device]']).toContain(
      text,
    );

    // Stored, not only exchanged: a fresh screen reads it.
    await ana.page.reload();
    await openShared(ana.page, note.url);
    expect(await shownText(ana.page)).toBe(text);
  });
});
