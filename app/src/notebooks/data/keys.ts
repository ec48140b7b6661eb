// Query keys of the notebooks domain.
export const notebookKeys = {
  all: ['notebooks'] as const,
  list: (userId: string) => ['notebooks', 'list', userId] as const,
};
