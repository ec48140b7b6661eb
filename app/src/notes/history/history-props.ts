// What a note's history is shown with: the dialog (../history-dialog.tsx) takes it and hands it
// on to the panel and its parts, in the chunk loaded when the dialog opens.
import type { RestoredContent } from '../data/restore-version-mutation.ts';
import type { Note } from '../data/types.ts';

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
