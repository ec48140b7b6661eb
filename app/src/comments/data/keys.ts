// Query keys of the comments domain.
export const commentKeys = {
  all: ['comments'] as const,
  threads: (noteId: string) => ['comments', 'threads', noteId] as const,
};
