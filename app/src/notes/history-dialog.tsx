// A note's history in a dialog: its code (the versions, their diffs and restore) is a chunk of
// its own, loaded when the dialog opens (history/history-panel.tsx).
import { lazy, Suspense } from 'react';
import { Dialog } from '../ui/dialog.tsx';
import { PageLoading } from '../ui/page-loading.tsx';
import type { Note } from './data/types.ts';
import type { RestoredContent } from './data/restore-version-mutation.ts';

const HistoryPanel = lazy(() => import('./history/history-panel.tsx'));

export interface HistoryDialogProps {
  note: Note;
  /** Editors may restore (never a note in the trash); everyone may read. */
  canRestore: boolean;
  onClose(): void;
  /** A version was put back: the note as it is now. */
  onRestored(note: Note): void;
  resolveImage?(path: string): Promise<string>;
  /**
   * Writes a version's title, text and tags into the note's shared document (and whatever is
   * not in it yet through REST), resolving once stored. Without it the database restores the
   * note in one step (notes without a document).
   */
  liveRestore?(version: RestoredContent): Promise<void>;
}

export function HistoryDialog(props: HistoryDialogProps) {
  return (
    <Dialog title="Note history" onClose={props.onClose} className="dialog--wide history-dialog">
      <Suspense fallback={<PageLoading label="Loading history…" />}>
        <HistoryPanel {...props} />
      </Suspense>
    </Dialog>
  );
}
