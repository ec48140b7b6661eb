// Losing access while a notebook is open, as it happens: the database tells the person on their
// own channel when their membership ends or their role changes (lib/collab/live-changes.ts).
// A removal (or the notebook moved to the trash) closes the notebook and its open note with a
// sentence saying why; a role lowered to viewer or commenter turns the open note read-only with a
// sentence. Raised again, the note is editable; restored from the trash, the notebook opens again.
import { useState } from 'react';
import { useLive } from '../../lib/collab/use-live.ts';
import type { MembershipChange } from '../../lib/collab/notebook-channel.ts';

export type AccessLoss =
  | { kind: 'closed'; reason: 'removed' | 'left' | 'notebook_deleted' | 'notebook_trashed' }
  | { kind: 'read-only'; role?: 'commenter' }
  | null;

export function lossOf(change: MembershipChange, current: AccessLoss): AccessLoss {
  if (change.reason === 'notebook_restored') return null;
  if (change.role === null) {
    const reason = change.reason;
    return { kind: 'closed', reason: reason === null ? 'removed' : reason };
  }
  if (change.role === 'viewer') return change.previous_role ? { kind: 'read-only' } : current;
  if (change.role === 'commenter')
    return change.previous_role ? { kind: 'read-only', role: 'commenter' } : current;
  return null;
}

export function useAccessLoss(notebookId: string): AccessLoss {
  const [loss, setLoss] = useState<{ notebookId: string; loss: AccessLoss }>({
    notebookId,
    loss: null,
  });
  useLive({
    access: (change) => {
      if (change.notebook_id !== notebookId) return;
      setLoss((now) => ({
        notebookId,
        loss: lossOf(change, now.notebookId === notebookId ? now.loss : null),
      }));
    },
  });
  return loss.notebookId === notebookId ? loss.loss : null;
}

/** The sentence for a closed notebook (docs/errors.md, "Live collaboration"). */
export function closedSentence(
  reason: 'removed' | 'notebook_deleted' | 'notebook_trashed',
  name: string,
) {
  if (reason === 'notebook_deleted') return `“${name}” was deleted by its owner, so it is closed.`;
  if (reason === 'notebook_trashed')
    return `“${name}” was moved to the trash by its owner, so it is closed. It opens again if they restore it.`;
  return `You were removed from “${name}”, so this notebook and its notes are closed.`;
}

export const READ_ONLY_SENTENCE =
  'Your role in this notebook is now viewer, so this note is read-only. Edits you made before are kept.';

export const READ_ONLY_COMMENTER_SENTENCE =
  'Your role in this notebook is now commenter, so this note is read-only; you can still comment. Edits you made before are kept.';

export const NOTE_GONE_SENTENCE =
  'This note is no longer available to you: it was deleted, or you no longer have access to its notebook.';

export const NOTE_FORBIDDEN_SENTENCE =
  'You can no longer edit this note, so it is read-only. Your unsaved edits stay on this device.';
