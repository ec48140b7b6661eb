// One save state for a note whose body is shared: the title and tags' autosave, unless the
// body's edits say more (waiting to be stored, being stored, kept offline, too long).
import type { SyncStatus } from '../../lib/collab/note-sync.ts';
import type { SaveStatus } from '../use-autosave.ts';

export function liveSaveStatus(
  fields: SaveStatus,
  body: SyncStatus | null,
  online: boolean,
): SaveStatus {
  if (!body || fields === 'error') return fields;
  if (body.bodyTooLarge) return 'too-large';
  if (body.pending > 0) {
    if (!online || body.channel === 'offline') return 'offline';
    return body.saving ? 'saving' : 'unsaved';
  }
  return fields === 'offline' && online ? 'saved' : fields;
}
