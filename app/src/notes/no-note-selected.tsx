// The note pane when no note is open (wide screens): what to do next, with the keys for it.
import { describeKeys } from '../lib/keyboard/shortcuts.ts';

export function NoNoteSelected() {
  return (
    <div className="no-note">
      <p className="no-note__title">No note open</p>
      <p className="empty">
        Choose a note from the list, press <kbd>{describeKeys('n')}</kbd> for a new one, or{' '}
        <kbd>{describeKeys('mod+k')}</kbd> to search every notebook.
      </p>
    </div>
  );
}
