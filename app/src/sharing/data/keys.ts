// Query keys of the sharing domain.
export const sharingKeys = {
  all: ['sharing'] as const,
  members: (notebookId: string) => ['sharing', 'members', notebookId] as const,
  invitations: (notebookId: string) => ['sharing', 'invitations', notebookId] as const,
};
