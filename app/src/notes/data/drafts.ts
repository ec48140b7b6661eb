// Unsaved note edits kept in localStorage, one entry per note, until the server has them: they
// survive a reload, a crash or a lost connection.
export interface NoteFields {
  title: string;
  body: string;
  tags: string[];
}

const key = (noteId: string) => `sheaf:note-draft:${noteId}`;

export function loadDraft(noteId: string): NoteFields | null {
  try {
    const raw = localStorage.getItem(key(noteId));
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<NoteFields>;
    if (typeof value.title !== 'string' || typeof value.body !== 'string') return null;
    return {
      title: value.title,
      body: value.body,
      tags: Array.isArray(value.tags) ? value.tags.filter((t) => typeof t === 'string') : [],
    };
  } catch {
    return null;
  }
}

export function storeDraft(noteId: string, fields: NoteFields): void {
  try {
    localStorage.setItem(key(noteId), JSON.stringify(fields));
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
