// "/n/:notebookId/:noteId": one note. Editors and the owner edit it (autosave), pin it and delete
// it (with undo); viewers read it. `attachments` is a slot the app composes in.
import { useEffect, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { describeError } from '../lib/errors/describe-error.ts';
import { useSignedIn } from '../lib/session/session-context.ts';
import { useSupabase } from '../lib/supabase.ts';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { PageLoading } from '../ui/page-loading.tsx';
import { scheduleDelete } from './data/delete-note.ts';
import { noteKeys } from './data/keys.ts';
import { useNotebookQuery } from './data/notebook-query.ts';
import { useNoteQuery } from './data/note-query.ts';
import { useUpdateNoteMutation } from './data/update-note-mutation.ts';
import { NoteEditor } from './note-editor.tsx';
import { NoteReader } from './note-reader.tsx';

export interface NoteSlotProps {
  notebookId: string;
  noteId: string;
  canEdit: boolean;
}

export function NotePage({ attachments }: { attachments?: (p: NoteSlotProps) => ReactNode }) {
  const { notebookId = '', noteId = '' } = useParams();
  const { user } = useSignedIn();
  const notebook = useNotebookQuery(notebookId, user.id);
  const note = useNoteQuery(noteId);
  const pin = useUpdateNoteMutation(noteId);
  const supabase = useSupabase();
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  useEffect(() => {
    document.title = `${note.data?.title.trim() || 'Note'} · Sheaf`;
  }, [note.data?.title]);

  if (notebook.isPending || note.isPending) return <PageLoading label="Loading note…" />;
  const error = notebook.error ?? note.error;
  if (error) return <Alert tone="error">{describeError(error).message}</Alert>;
  if (!notebook.data || !note.data || note.data.notebook_id !== notebookId)
    return (
      <div className="panel" data-testid="note-missing">
        <h1 className="page-title">Note not found</h1>
        <p>This note does not exist or you no longer have access to it.</p>
        <Link to="/">Back to your notebooks</Link>
      </div>
    );

  const data = note.data;
  const canEdit = notebook.data.role !== 'viewer';
  function remove() {
    scheduleDelete(supabase, data, () => {
      void queryClient.invalidateQueries({ queryKey: noteKeys.lists(notebookId) });
    });
    void navigate(`/n/${notebookId}`);
  }

  return (
    <>
      <nav aria-label="Breadcrumb" className="crumbs">
        <Link to="/">Notebooks</Link>
        <span aria-hidden="true">/</span>
        <Link to={`/n/${notebookId}`}>{notebook.data.name}</Link>
      </nav>
      <div className="page-head">
        <h1 className="page-title">{canEdit ? 'Edit note' : 'Note'}</h1>
        {canEdit ? (
          <div className="actions">
            <Button
              variant="secondary"
              aria-pressed={data.pinned}
              pending={pin.isPending}
              onClick={() => pin.mutate({ pinned: !data.pinned })}
            >
              {data.pinned ? 'Unpin' : 'Pin'}
            </Button>
            <Button variant="danger" onClick={remove}>
              Delete note
            </Button>
          </div>
        ) : (
          <span className="badge">Read only</span>
        )}
      </div>
      {pin.error ? <Alert tone="error">{describeError(pin.error).message}</Alert> : null}
      <section className="panel">
        {canEdit ? <NoteEditor key={data.id} note={data} /> : <NoteReader note={data} />}
      </section>
      {attachments ? attachments({ notebookId, noteId, canEdit }) : null}
    </>
  );
}
