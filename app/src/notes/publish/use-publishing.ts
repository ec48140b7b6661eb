// Publishing one note: whether it is published, its public link (for editors and the owner), and
// publish / unpublish / copy the link. The note's head shows the state (publish-controls.tsx);
// publishing and unpublishing are items of the note's action menu.
import { useState } from 'react';
import { usePublishLinkQuery } from './data/publish-link-query.ts';
import { usePublishNoteMutation, useUnpublishNoteMutation } from './data/publish-mutations.ts';
import { usePublishedNotesQuery } from './data/published-notes-query.ts';

export interface Publishing {
  published: boolean;
  /** Editors and the owner, on a saved note outside the trash. */
  canPublish: boolean;
  url: string | null;
  pending: boolean;
  error: unknown;
  copied: 'yes' | 'failed' | null;
  publish(): void;
  unpublish(): void;
  copy(): Promise<void>;
}

export function usePublishing(notebookId: string, noteId: string, canPublish: boolean): Publishing {
  const published = usePublishedNotesQuery(notebookId).data?.includes(noteId) ?? false;
  const link = usePublishLinkQuery(noteId, canPublish && published);
  const publish = usePublishNoteMutation();
  const unpublish = useUnpublishNoteMutation();
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const target = { noteId, notebookId };
  const url = link.data ?? null;
  return {
    published,
    canPublish,
    url,
    pending: publish.isPending || unpublish.isPending,
    error: publish.error ?? unpublish.error ?? link.error,
    copied: published ? copied : null,
    publish: () => {
      setCopied(null);
      publish.mutate(target);
    },
    unpublish: () => {
      setCopied(null);
      unpublish.mutate(target);
    },
    async copy() {
      if (!url) return;
      try {
        await navigator.clipboard.writeText(url);
        setCopied('yes');
      } catch {
        setCopied('failed');
      }
    },
  };
}
