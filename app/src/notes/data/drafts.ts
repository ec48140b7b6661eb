// Unsaved note edits kept in localStorage, one entry per person and note, until the server has
// them: they survive a reload, a crash or a lost connection. Keyed by the person too, so someone
// else signing in on the same browser never sees (or saves) another account's unsaved edits to a
// note they share.
export interface NoteFields {
  title: string;
  body: string;
  tags: string[];
}

/** The fields autosave writes (the body of a shared note travels on its own). */
export interface BaseFields {
  title: string;
  tags: string[];
}

/**
 * A draft remembers which saved version (updated_at) the edits started from, and that
 * version's title and tags: a newer version that changed neither (the shared body was stored,
 * say) is no reason to ask the person which to keep.
 */
export interface Draft extends NoteFields {
  base: string | null;
  baseFields: BaseFields | null;
}

const sameTags = (a: string[], b: string[]) =>
  a.length === b.length && a.every((t, i) => t === b[i]);

/** Whether a saved version still has the title and tags a draft started from. */
export const sameBaseFields = (a: BaseFields, b: BaseFields) =>
  a.title === b.title && sameTags(a.tags, b.tags);

/** Whose draft of which note. */
export interface DraftOwner {
  userId: string;
  noteId: string;
}

const key = ({ userId, noteId }: DraftOwner) => `sheaf:note-draft:${userId}:${noteId}`;

export function loadDraft(owner: DraftOwner): Draft | null {
  try {
    const raw = localStorage.getItem(key(owner));
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<Draft>;
    if (typeof value.title !== 'string' || typeof value.body !== 'string') return null;
    return {
      title: value.title,
      body: value.body,
      tags: Array.isArray(value.tags) ? value.tags.filter((t) => typeof t === 'string') : [],
      base: typeof value.base === 'string' ? value.base : null,
      baseFields: parseBaseFields(value.baseFields),
    };
  } catch {
    return null;
  }
}

/**
 * Whether a draft found at load must wait for the person to choose: the saved version is newer
 * than the one the draft started from, changed its tags, and does not already hold the draft's
 * (as when the draft was saved while the page went away, before it could be cleared). The title
 * and body of a stored note are its shared document's: edits to them merge, they never ask.
 */
export function draftConflicts(draft: Draft, saved: BaseFields & { updated_at: string }): boolean {
  if (draft.base === null || draft.base === saved.updated_at) return false;
  if (draft.baseFields && sameTags(draft.baseFields.tags, saved.tags)) return false;
  return !sameTags(draft.tags, saved.tags);
}

function parseBaseFields(value: unknown): BaseFields | null {
  if (!value || typeof value !== 'object') return null;
  const { title, tags } = value as Partial<BaseFields>;
  if (typeof title !== 'string' || !Array.isArray(tags)) return null;
  return { title, tags: tags.filter((t) => typeof t === 'string') };
}

export function storeDraft(owner: DraftOwner, draft: Draft): void {
  try {
    localStorage.setItem(key(owner), JSON.stringify(draft));
  } catch {
    // Storage full or blocked: the edit still saves when the server answers.
  }
}

export function clearDraft(owner: DraftOwner): void {
  try {
    localStorage.removeItem(key(owner));
  } catch {
    // nothing to do
  }
}
