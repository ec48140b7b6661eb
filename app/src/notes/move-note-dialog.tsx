// "Move to…": moves the open note to another notebook the person edits (owner or editor), with
// its history, links and attachments, then opens it there. Says so when there is nowhere to
// move it, and names any attached file that could not follow.
import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { describeError } from '../lib/errors/describe-error.ts';
import { useSignedIn } from '../lib/session/session-context.ts';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { Dialog } from '../ui/dialog.tsx';
import { PageLoading } from '../ui/page-loading.tsx';
import { useEditableNotebooksQuery } from './data/editable-notebooks-query.ts';
import { useMoveNoteMutation } from './data/move-note-mutation.ts';
import type { Note } from './data/types.ts';

export function MoveNoteDialog({ note, onClose }: { note: Note; onClose(): void }) {
  const { user } = useSignedIn();
  const notebooks = useEditableNotebooksQuery(user.id);
  const move = useMoveNoteMutation();
  const navigate = useNavigate();
  const selectId = useId();
  const [to, setTo] = useState('');
  const [filesLeft, setFilesLeft] = useState<string[] | null>(null);
  const choices = (notebooks.data ?? []).filter((nb) => nb.id !== note.notebook_id);
  const target = to || choices[0]?.id || '';

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!target) return;
    // The note's page may close while the files are renamed (the move arrives live), so the
    // outcome is awaited here, not in callbacks that need this dialog mounted.
    try {
      const result = await move.mutateAsync({
        noteId: note.id,
        from: note.notebook_id,
        to: target,
        onMoved: () => void navigate(`/n/${target}/${note.id}`),
      });
      if (result.filesLeft.length) setFilesLeft(result.filesLeft);
      else onClose();
    } catch {
      // shown below (move.error)
    }
  }

  return (
    <Dialog title="Move to another notebook" onClose={onClose}>
      {notebooks.isPending ? <PageLoading label="Loading notebooks…" /> : null}
      {notebooks.isError ? (
        <Alert tone="error">{describeError(notebooks.error).message}</Alert>
      ) : null}
      {notebooks.data && choices.length === 0 ? (
        <p className="empty">
          There is no other notebook you can edit. Create one, or ask to be made an editor of one.
        </p>
      ) : null}
      {filesLeft ? (
        <Alert tone="error">
          The note moved, but these files could not: {filesLeft.join(', ')}. They are still in the
          old notebook’s folder; try moving the note back and again.
        </Alert>
      ) : null}
      {choices.length > 0 && !filesLeft ? (
        <form onSubmit={(e) => void submit(e)}>
          <p>Its history, links and attached files go with it.</p>
          <div className="field">
            <label className="field__label" htmlFor={selectId}>
              Notebook
            </label>
            <select
              id={selectId}
              className="field__input"
              value={target}
              onChange={(e) => setTo(e.target.value)}
            >
              {choices.map((nb) => (
                <option key={nb.id} value={nb.id}>
                  {nb.name}
                </option>
              ))}
            </select>
          </div>
          {move.error ? <Alert tone="error">{describeError(move.error).message}</Alert> : null}
          <Button type="submit" pending={move.isPending}>
            Move
          </Button>
        </form>
      ) : null}
    </Dialog>
  );
}
