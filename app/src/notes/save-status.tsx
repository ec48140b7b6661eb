// The editor's save state in words, announced politely to screen readers.
import type { SaveStatus } from './use-autosave.ts';

/** The editor's state: its save state, or `opening` while this device's copy of the note opens
 * (what shows meanwhile is the page's copy of the row, which may be older: "saved" would be
 * a claim about text that is not the note's yet). */
export type EditorStatus = SaveStatus | 'opening';

const LABEL: Record<EditorStatus, string> = {
  opening: 'Opening…',
  new: 'New note — kept once you write in it',
  saved: 'All changes saved',
  unsaved: 'Unsaved changes',
  saving: 'Saving…',
  offline: 'Offline — changes kept on this device',
  error: 'Not saved',
  'too-large': 'Over the size limit',
};

export function SaveStatusBadge({ status }: { status: EditorStatus }) {
  return (
    <span className={`save-status save-status--${status}`} role="status" data-testid="save-status">
      {LABEL[status]}
    </span>
  );
}
