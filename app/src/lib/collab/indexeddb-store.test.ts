// The device's copy in IndexedDB (fake-indexeddb in Node): what a reload finds.
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { IndexedDbLocalStore } from './indexeddb-store.ts';
import { listPending } from './pending-registry.ts';

const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

async function openCopy(userId: string, noteId: string) {
  const doc = new Y.Doc();
  const local = new IndexedDbLocalStore({ userId, noteId, title: () => 'Plans' });
  const copy = await local.open(doc);
  return { doc, local, copy };
}

describe('the device’s copy of a note', () => {
  it('finds the document, the cursor, pending and held edits again after a reload', async () => {
    const first = await openCopy('u1', 'n1');
    expect(first.copy).toEqual({ cursor: 0, pending: [], held: [], hadCopy: false });
    first.doc.getText('body').insert(0, 'kept');
    first.local.addPending({ key: 1, update: Uint8Array.of(1) });
    first.local.addPending({ key: 2, update: Uint8Array.of(2) });
    first.local.addPending({ key: 3, update: Uint8Array.of(3) });
    first.local.removePending(2);
    first.local.hold({ key: 7, update: Uint8Array.of(7) });
    first.local.hold({ key: 8, update: Uint8Array.of(8) });
    first.local.release([7]);
    first.local.setCursor(12);
    await settle();
    await first.local.close();

    const second = await openCopy('u1', 'n1');
    expect(second.doc.getText('body').toString()).toBe('kept');
    expect(second.copy.cursor).toBe(12);
    expect(second.copy.hadCopy).toBe(true);
    // Taken over by the new session, numbered from 1 in its own space.
    expect(second.copy.pending).toEqual([{ key: 1, update: Uint8Array.of(3) }]);
    expect(second.copy.held).toEqual([{ key: 1, update: Uint8Array.of(8) }]);
    await second.local.close();
  });

  it('lists the notes with unsaved edits for the banner, and forgets them once stored', async () => {
    const { local } = await openCopy('u2', 'n2');
    local.addPending({ key: 1, update: Uint8Array.of(1) });
    await settle();
    expect(await listPending('u2')).toEqual([
      expect.objectContaining({ userId: 'u2', noteId: 'n2', title: 'Plans', count: 1 }),
    ]);
    local.removePending(1);
    await settle();
    expect(await listPending('u2')).toEqual([]);
    await local.close();
  });

  it('keeps the edits of two tabs with the note open apart, each numbering from 1', async () => {
    const tabA = await openCopy('u5', 'n5');
    const tabB = await openCopy('u5', 'n5');
    tabA.local.addPending({ key: 1, update: Uint8Array.of(11) });
    tabA.local.addPending({ key: 2, update: Uint8Array.of(12) });
    tabB.local.addPending({ key: 1, update: Uint8Array.of(21) });
    tabA.local.removePending(1); // tab A stored its first edit, not tab B's
    await settle();
    expect(await listPending('u5')).toHaveLength(1);
    await tabA.local.close();
    await tabB.local.close();

    const next = await openCopy('u5', 'n5');
    const updates = next.copy.pending.map((e) => e.update[0]).sort();
    expect(updates).toEqual([12, 21]);
    expect(next.copy.pending.map((e) => e.key)).toEqual([1, 2]);
    next.local.removePending(2);
    await settle();
    expect(await listPending('u5')).toEqual([]);
    await next.local.close();
    expect((await openCopy('u5', 'n5')).copy.pending).toEqual([]);
  });

  it('keeps the note listed while another tab still has edits not stored', async () => {
    const tabA = await openCopy('u6', 'n6');
    const tabB = await openCopy('u6', 'n6');
    tabA.local.addPending({ key: 1, update: Uint8Array.of(1) });
    tabB.local.addPending({ key: 1, update: Uint8Array.of(2) });
    tabA.local.removePending(1);
    await settle();
    expect(await listPending('u6')).toHaveLength(1);
    tabB.local.removePending(1);
    await settle();
    expect(await listPending('u6')).toEqual([]);
    await tabA.local.close();
    await tabB.local.close();
  });

  it('keeps each user’s copy apart', async () => {
    const a = await openCopy('ua', 'shared');
    a.doc.getText('body').insert(0, 'mine');
    await settle();
    await a.local.close();
    const b = await openCopy('ub', 'shared');
    expect(b.doc.getText('body').toString()).toBe('');
    await b.local.close();
  });
});

describe('signing out', () => {
  it('forgets the user’s copies except those with edits never stored', async () => {
    const { forgetLocalCopies } = await import('./local-copies.ts');
    const saved = await openCopy('u3', 'saved');
    saved.doc.getText('body').insert(0, 'stored already');
    const unsaved = await openCopy('u3', 'unsaved');
    unsaved.local.addPending({ key: 1, update: Uint8Array.of(1) });
    const other = await openCopy('u4', 'theirs');
    await settle();
    for (const c of [saved, unsaved, other]) await c.local.close();
    expect(await forgetLocalCopies('u3')).toEqual({ kept: 1 });
    const names = (await indexedDB.databases()).map((d) => d.name);
    expect(names).toContain('sheaf-note:u3:unsaved');
    expect(names).toContain('sheaf-note:u4:theirs');
    expect(names).not.toContain('sheaf-note:u3:saved');
  });
});
