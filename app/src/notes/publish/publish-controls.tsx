// Publishing a note, in the note's head: every member sees "Published" on a published note;
// editors and the owner publish it, open or copy its public link, and unpublish it (at once:
// the link opens nothing from then on).
import { useState } from 'react';
import { describeError } from '../../lib/errors/describe-error.ts';
import { Alert } from '../../ui/alert.tsx';
import { Button } from '../../ui/button.tsx';
import { usePublishLinkQuery } from './data/publish-link-query.ts';
import { usePublishNoteMutation, useUnpublishNoteMutation } from './data/publish-mutations.ts';
import { usePublishedNotesQuery } from './data/published-notes-query.ts';
import './publish.css';

interface Props {
  notebookId: string;
  noteId: string;
  /** Editors and the owner, on a saved note outside the trash. */
  canPublish: boolean;
}

export function PublishControls({ notebookId, noteId, canPublish }: Props) {
  const published = usePublishedNotesQuery(notebookId).data?.includes(noteId) ?? false;
  const link = usePublishLinkQuery(noteId, canPublish && published);
  const publish = usePublishNoteMutation();
  const unpublish = useUnpublishNoteMutation();
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const target = { noteId, notebookId };
  const url = link.data ?? null;

  async function copy() {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      setCopied('yes');
    } catch {
      setCopied('failed');
    }
  }

  if (!canPublish)
    return published ? (
      <span className="badge badge--published" data-testid="published-badge">
        Published
      </span>
    ) : null;
  const error = publish.error ?? unpublish.error ?? link.error;
  return (
    <div className="publish" role="group" aria-label="Publishing">
      {published ? (
        <>
          <span className="badge badge--published" data-testid="published-badge">
            Published
          </span>
          {url ? (
            <a className="publish__link" href={url} target="_blank" rel="noopener noreferrer">
              Open public page
            </a>
          ) : null}
          <Button variant="secondary" disabled={!url} onClick={() => void copy()}>
            Copy link
          </Button>
          <Button
            variant="danger"
            pending={unpublish.isPending}
            onClick={() => {
              setCopied(null);
              unpublish.mutate(target);
            }}
          >
            Unpublish
          </Button>
        </>
      ) : (
        <Button
          variant="secondary"
          pending={publish.isPending}
          onClick={() => publish.mutate(target)}
          title="Anyone with the link can read this note, without an account"
        >
          Publish
        </Button>
      )}
      <span className="publish__status" role="status">
        {copied === 'yes' && published
          ? 'Link copied.'
          : copied === 'failed' && published
            ? `Copy this link: ${url}`
            : ''}
      </span>
      {error ? <Alert tone="error">{describeError(error).message}</Alert> : null}
    </div>
  );
}
