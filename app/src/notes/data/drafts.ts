// Unsaved note edits kept in localStorage, one entry per person and note, until the server has
// them: they survive a reload, a crash or a lost connection. Keyed by the person too, so someone
// else signing in on the same browser never sees (or saves) another account's unsaved edits to a
// note they share.
export interface NoteFields {
  title: string;
  body: string;
  tags: string[];
}

/** A draft remembers which saved version (updated_at) the edits started from. */
export interface Draft extends NoteFields {
  base: string | null;
}

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
    };
  } catch {
    return null;
  }
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
