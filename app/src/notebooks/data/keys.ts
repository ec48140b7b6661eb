// Query keys of the notebooks domain.
export const notebookKeys = {
  all: ['notebooks'] as const,
  list: (userId: string) => ['notebooks', 'list', userId] as const,
  trash: ['notebooks', 'trash'] as const,
  trashed: (id: string) => ['notebooks', 'trashed', id] as const,
};
