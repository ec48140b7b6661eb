// Query keys of the attachments domain.
export const attachmentKeys = {
  all: ['attachments'] as const,
  note: (noteId: string) => ['attachments', 'note', noteId] as const,
};
