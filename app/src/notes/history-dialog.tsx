// A note's history: earlier versions (newest first, with who wrote them and when); choosing one
// shows it rendered, and editors can put it back (the current text is kept as a version too).
import { Suspense, useState } from 'react';
import { describeError } from '../lib/errors/describe-error.ts';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { Dialog } from '../ui/dialog.tsx';
import { PageLoading } from '../ui/page-loading.tsx';
import type { Note } from './data/types.ts';
import { useRestoreVersionMutation } from './data/restore-version-mutation.ts';
import { useVersionQuery, useVersionsQuery } from './data/versions-query.ts';
import { Markdown } from './lazy-parts.tsx';

const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

interface Props {
  note: Note;
  canRestore: boolean;
  onClose(): void;
  onRestored(note: Note): void;
  resolveImage?(path: string): Promise<string>;
  /** Writes a version's text into the note's shared document (see the restore mutation). */
  liveBody?(body: string): Promise<void>;
}

export function HistoryDialog(props: Props) {
  const { note, canRestore, onClose, onRestored, resolveImage, liveBody } = props;
  const versions = useVersionsQuery(note.id, true);
  const [selected, setSelected] = useState<number | null>(null);
  const version = useVersionQuery(selected);
  const restore = useRestoreVersionMutation(note.id, liveBody);
  return (
    <Dialog title="Note history" onClose={onClose} className="dialog--wide">
      <div className="history">
        <div className="history__list">
          {versions.isPending ? <PageLoading label="Loading versions…" /> : null}
          {versions.error ? (
            <Alert tone="error">{describeError(versions.error).message}</Alert>
          ) : null}
          {versions.data?.length === 0 ? (
            <p className="empty">
              No earlier versions yet. A version is kept each time someone starts editing again
              after a pause, or another person edits.
            </p>
          ) : null}
          {versions.data && versions.data.length > 0 ? (
            <ul className="history__versions" aria-label="Earlier versions">
              {versions.data.map((v) => (
                <li key={v.id}>
                  <button
                    type="button"
                    className="history__version"
                    aria-pressed={selected === v.id}
                    onClick={() => setSelected(v.id)}
                  >
                    <span className="history__when">{when.format(new Date(v.edited_at))}</span>
                    <span className="history__who">
                      {v.title.trim() || 'Untitled note'}
                      {v.editor?.display_name ? ` · ${v.editor.display_name}` : ''}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
        <section className="history__preview" aria-label="Version preview">
          {selected === null ? <p className="empty">Choose a version to see it.</p> : null}
          {selected !== null && version.isPending ? <PageLoading label="Loading version…" /> : null}
          {version.data ? (
            <>
              <div className="history__actions">
                <h3 className="history__title">{version.data.title.trim() || 'Untitled note'}</h3>
                {canRestore ? (
                  <Button
                    pending={restore.isPending}
                    onClick={() =>
                      restore.mutate(version.data, {
                        onSuccess: (restored) => onRestored(restored),
                      })
                    }
                  >
                    Restore this version
                  </Button>
                ) : null}
              </div>
              {restore.error ? (
                <Alert tone="error">{describeError(restore.error).message}</Alert>
              ) : null}
              <Suspense fallback={<PageLoading />}>
                <Markdown source={version.data.body} resolveImage={resolveImage} />
              </Suspense>
            </>
          ) : null}
        </section>
      </div>
    </Dialog>
  );
}
