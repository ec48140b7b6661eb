// The note's own actions: pin (for yourself) beside the text; history, move to another
// notebook, publishing (`more`) and move to the trash in a menu, the destructive one last and
// set apart — each with its keyboard shortcut (P, H, # or Delete) while the note is open and
// focus is not in a field.
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { describeError } from '../lib/errors/describe-error.ts';
import { runThen } from '../lib/query/run-then.ts';
import { useShortcuts } from '../lib/keyboard/shortcuts.ts';
import { useSignedIn } from '../lib/session/session-context.ts';
import { Alert } from '../ui/alert.tsx';
import { ActionMenu, type MenuAction } from '../ui/action-menu.tsx';
import { Button } from '../ui/button.tsx';
import { usePinnedNotesQuery } from './data/pins-query.ts';
import { useTogglePinMutation } from './data/toggle-pin-mutation.ts';
import { useMoveToTrashMutation } from './data/trash-mutations.ts';
import { announceTrashed } from './data/trash-notices.ts';
import type { Note } from './data/types.ts';
import { MoveNoteDialog } from './move-note-dialog.tsx';

interface Props {
  note: Note;
  canEdit: boolean;
  saved: boolean;
  onHistory(): void;
  /** More items for the menu, after the note's own (publishing). */
  more?: MenuAction[];
}

export function NoteActions({ note, canEdit, saved, onHistory, more = [] }: Props) {
  const { user } = useSignedIn();
  const pins = usePinnedNotesQuery(note.notebook_id, user.id);
  const pin = useTogglePinMutation(user.id);
  const trash = useMoveToTrashMutation();
  const navigate = useNavigate();
  const pinned = pins.data?.some((p) => p.id === note.id) ?? false;
  const [moving, setMoving] = useState(false);

  function togglePin() {
    if (!saved) return;
    const { body: _body, deleted_at: _deleted, ...row } = note;
    pin.mutate({ note: { ...row, preview: '' }, pinned: !pinned });
  }
  async function moveToTrash() {
    const notebookPath = `/n/${note.notebook_id}`;
    if (!saved) return void navigate(notebookPath);
    // These actions are gone as soon as the page shows the note as trashed (often before the
    // answer, when the change arrives live): runThen still goes on. A failure shows below.
    await runThen(trash, note, () => {
      announceTrashed({ id: note.id, notebookId: note.notebook_id, title: note.title });
      // Back to the notebook, unless the person has gone elsewhere meanwhile.
      if (window.location.pathname.endsWith(`${notebookPath}/${note.id}`))
        void navigate(notebookPath);
    });
  }
  useShortcuts([
    { keys: 'p', run: togglePin, enabled: saved },
    { keys: 'h', run: onHistory, enabled: saved },
    { keys: '#', run: () => void moveToTrash(), enabled: canEdit },
    { keys: 'delete', run: () => void moveToTrash(), enabled: canEdit },
  ]);

  const error = pin.error ?? trash.error;
  const items: MenuAction[] = [
    { label: 'History', shortcut: 'H', dialog: true, disabled: !saved, onSelect: onHistory },
    ...(canEdit && saved
      ? [{ label: 'Move to…', dialog: true, onSelect: () => setMoving(true) }]
      : []),
    ...more,
    ...(canEdit
      ? [
          {
            label: 'Move to trash',
            shortcut: 'Delete',
            danger: true,
            onSelect: () => void moveToTrash(),
          },
        ]
      : []),
  ];
  return (
    <>
      <div className="note-actions" role="group" aria-label="Note actions">
        <Button
          variant="secondary"
          aria-pressed={pinned}
          disabled={!saved}
          pending={pin.isPending}
          onClick={togglePin}
          aria-keyshortcuts="P"
        >
          {pinned ? 'Unpin' : 'Pin'}
        </Button>
        <ActionMenu label="More actions" items={items}>
          <span aria-hidden="true">⋯</span>
          <span className="action-menu__word">More</span>
        </ActionMenu>
      </div>
      {trash.isPending ? (
        <p className="visually-hidden" role="status">
          Moving to the trash…
        </p>
      ) : null}
      {error ? <Alert tone="error">{describeError(error).message}</Alert> : null}
      {moving ? <MoveNoteDialog note={note} onClose={() => setMoving(false)} /> : null}
    </>
  );
}
