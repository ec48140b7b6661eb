// Query keys of publishing: which notes of a notebook are published, a note's link (its
// editors only) and the public page of a link.
export const publishKeys = {
  all: ['published'] as const,
  notebook: (notebookId: string) => ['published', 'notebook', notebookId] as const,
  link: (noteId: string) => ['published', 'link', noteId] as const,
  page: (token: string) => ['published', 'page', token] as const,
};
