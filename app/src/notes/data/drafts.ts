// Unsaved note edits kept in localStorage, one entry per note, until the server has them: they
// survive a reload, a crash or a lost connection.
export interface NoteFields {
  title: string;
  body: string;
  tags: string[];
}

/** A draft remembers which saved version (updated_at) the edits started from. */
export interface Draft extends NoteFields {
  base: string | null;
}

const key = (noteId: string) => `sheaf:note-draft:${noteId}`;

export function loadDraft(noteId: string): Draft | null {
  try {
    const raw = localStorage.getItem(key(noteId));
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

export function storeDraft(noteId: string, draft: Draft): void {
  try {
    localStorage.setItem(key(noteId), JSON.stringify(draft));
  } catch {
    // Storage full or blocked: the edit still saves when the server answers.
  }
}

export function clearDraft(noteId: string): void {
  try {
    localStorage.removeItem(key(noteId));
  } catch {
    // nothing to do
  }
}
