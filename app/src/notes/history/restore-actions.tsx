// What an editor can do with an earlier version: restore it — after saying what will happen and
// being asked again (the current text is kept as a version of its own first) — or restore it as
// a copy: a new note in the same notebook with the version's title, text and tags, opened.
import { useLayoutEffect, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { describeError } from '../../lib/errors/describe-error.ts';
import { Alert } from '../../ui/alert.tsx';
import { Button } from '../../ui/button.tsx';
import { useCreateNoteMutation } from '../data/create-note-mutation.ts';
import { useRestoreVersionMutation } from '../data/restore-version-mutation.ts';
import type { VersionContent } from '../data/versions-query.ts';
import type { HistoryDialogProps } from './history-props.ts';

interface Props extends HistoryDialogProps {
  /** When the version's session ran, as the list names it. */
  when: string;
  version: VersionContent;
}

export function RestoreActions({ note, when, version, liveRestore, onRestored, onClose }: Props) {
  const [asking, setAsking] = useState(false);
  const restore = useRestoreVersionMutation(note.id, liveRestore);
  const copy = useCreateNoteMutation();
  const navigate = useNavigate();
  const questionId = useId();
  const box = useRef<HTMLDivElement>(null);
  const wasAsking = useRef(false);

  // Asking moves focus to the confirming button (the question is its group's name); cancelling
  // brings it back to the button that asked.
  useLayoutEffect(() => {
    if (asking || wasAsking.current) box.current?.querySelector('button')?.focus();
    wasAsking.current = asking;
  }, [asking]);

  function restoreAsCopy() {
    copy.mutate(
      {
        id: crypto.randomUUID(),
        notebook_id: note.notebook_id,
        title: version.title,
        body: version.body,
        tags: version.tags,
      },
      {
        onSuccess: (created) => {
          onClose();
          void navigate(`/n/${created.notebook_id}/${created.id}`);
        },
      },
    );
  }

  const error = restore.error ?? copy.error;
  return (
    <div className="history-restore" ref={box}>
      {asking ? (
        <div className="history-restore__ask" role="group" aria-labelledby={questionId}>
          <p id={questionId}>
            <strong>Restore the version of {when}?</strong> The note’s current text is kept in
            history as a version of its own, then its title, text and tags become this version’s
            {liveRestore ? ', for everyone who has the note open' : ''}.
          </p>
          <div className="history-restore__buttons">
            <Button
              pending={restore.isPending}
              onClick={() => restore.mutate(version, { onSuccess: onRestored })}
            >
              Yes, restore this version
            </Button>
            <Button
              variant="secondary"
              disabled={restore.isPending}
              onClick={() => setAsking(false)}
            >
              Cancel
            </Button>
          </div>
        </div>
      ) : (
        <div className="history-restore__buttons">
          <Button variant="secondary" onClick={() => setAsking(true)}>
            Restore this version…
          </Button>
          <Button variant="secondary" pending={copy.isPending} onClick={restoreAsCopy}>
            Restore as a copy
          </Button>
        </div>
      )}
      {error ? <Alert tone="error">{describeError(error).message}</Alert> : null}
    </div>
  );
}
