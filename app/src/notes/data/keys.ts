// Query keys of the notes domain.
import type { NoteSort } from './types.ts';

export const noteKeys = {
  all: ['notes'] as const,
  notebook: (notebookId: string) => ['notes', 'notebook', notebookId] as const,
  lists: (notebookId: string) => ['notes', 'list', notebookId] as const,
  list: (notebookId: string, sort: NoteSort, tag: string | null) =>
    ['notes', 'list', notebookId, sort, tag] as const,
  pinned: (notebookId: string) => ['notes', 'list', notebookId, 'pinned'] as const,
  /** The one request a notebook page opens with (it fills notebook, pinned and the first list). */
  firstPage: (notebookId: string) => ['notes', 'first-page', notebookId] as const,
  detail: (noteId: string) => ['notes', 'detail', noteId] as const,
  versions: (noteId: string) => ['notes', 'versions', noteId] as const,
  trash: ['notes', 'trash'] as const,
  search: (query: string) => ['notes', 'search', query] as const,
  recent: ['notes', 'recent'] as const,
  me: (userId: string) => ['notes', 'me', userId] as const,
  people: (notebookId: string) => ['notes', 'people', notebookId] as const,
};
