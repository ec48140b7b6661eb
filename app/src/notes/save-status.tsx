// The editor's save state in words, announced politely to screen readers.
import type { SaveStatus } from './use-autosave.ts';

const LABEL: Record<SaveStatus, string> = {
  new: 'New note — kept once you write in it',
  saved: 'All changes saved',
  unsaved: 'Unsaved changes',
  saving: 'Saving…',
  offline: 'Offline — changes kept on this device',
  error: 'Not saved',
  'too-large': 'Over the size limit',
};

export function SaveStatusBadge({ status }: { status: SaveStatus }) {
  return (
    <span className={`save-status save-status--${status}`} role="status" data-testid="save-status">
      {LABEL[status]}
    </span>
  );
}
