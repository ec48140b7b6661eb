import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clearDraft, draftConflicts, loadDraft, sameBaseFields, storeDraft } from './drafts.ts';

/** A Map-backed stand-in for the browser's localStorage (unit tests run in Node). */
function fakeStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (k) => items.get(k) ?? null,
    key: (i) => [...items.keys()][i] ?? null,
    removeItem: (k) => void items.delete(k),
    setItem: (k, v) => void items.set(k, String(v)),
  };
}

describe('note drafts', () => {
  beforeEach(() => {
    (globalThis as { localStorage?: Storage }).localStorage = fakeStorage();
  });
  afterEach(() => {
    delete (globalThis as { localStorage?: Storage }).localStorage;
  });

  const ada = { userId: 'ada', noteId: 'n1' };
  const bob = { userId: 'bob', noteId: 'n1' };
  const draft = {
    title: 'T',
    body: 'B',
    tags: ['x'],
    base: '2026-11-21T10:00:00Z',
    baseFields: { title: 'Old', tags: ['x'] },
  };

  it('keeps a person’s unsaved edits of a note until cleared', () => {
    storeDraft(ada, draft);
    expect(loadDraft(ada)).toEqual(draft);
    clearDraft(ada);
    expect(loadDraft(ada)).toBeNull();
  });

  it('never hands one account’s draft of a shared note to another account', () => {
    storeDraft(ada, draft);
    expect(loadDraft(bob)).toBeNull();
    storeDraft(bob, { ...draft, title: 'Bob' });
    clearDraft(bob);
    expect(loadDraft(ada)).toEqual(draft);
  });

  it('reads a draft stored before base fields were kept as having none', () => {
    localStorage.setItem(
      'sheaf:note-draft:ada:n1',
      JSON.stringify({ title: 'T', body: 'B', tags: [], base: null }),
    );
    expect(loadDraft(ada)?.baseFields).toBeNull();
  });

  it('tells a newer version that kept the title and tags from one that changed them', () => {
    expect(sameBaseFields({ title: 'A', tags: ['x'] }, { title: 'A', tags: ['x'] })).toBe(true);
    expect(sameBaseFields({ title: 'A', tags: ['x'] }, { title: 'B', tags: ['x'] })).toBe(false);
    expect(sameBaseFields({ title: 'A', tags: ['x'] }, { title: 'A', tags: ['x', 'y'] })).toBe(
      false,
    );
  });

  it('asks the person only when the saved version changed the tags elsewhere', () => {
    const saved = (tags: string[], title = 'Old', updated_at = '2026-11-21T11:00:00Z') => ({
      title,
      tags,
      updated_at,
    });
    // The version the draft started from: save it.
    expect(draftConflicts(draft, saved(['y'], 'Old', draft.base))).toBe(false);
    // Newer only because the shared title or body was stored: they merge, save the tags.
    expect(draftConflicts(draft, saved(['x'], 'Renamed together'))).toBe(false);
    // Newer and already holding the draft's tags (saved as the page went away): nothing to ask.
    expect(draftConflicts({ ...draft, tags: ['x', 'z'] }, saved(['x', 'z']))).toBe(false);
    // Someone changed the tags meanwhile: the person chooses.
    expect(draftConflicts({ ...draft, tags: ['x', 'z'] }, saved(['theirs']))).toBe(true);
    // A draft from before base fields were kept: a newer version with other tags asks.
    expect(draftConflicts({ ...draft, baseFields: null }, saved(['theirs']))).toBe(true);
  });

  it('ignores a malformed entry and survives storage that refuses to work', () => {
    localStorage.setItem('sheaf:note-draft:ada:n1', '{"title": 3');
    expect(loadDraft(ada)).toBeNull();
    delete (globalThis as { localStorage?: Storage }).localStorage;
    expect(() => storeDraft(ada, draft)).not.toThrow();
    expect(loadDraft(ada)).toBeNull();
    expect(() => clearDraft(ada)).not.toThrow();
  });
});
