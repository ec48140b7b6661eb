// "/n/:notebookId/:noteId": one note, beside the notebook's list (or alone on a phone, with a way
// back). Editors and the owner edit it (autosave), pin it for themselves, see and restore its
// history and move it to the trash; viewers read it. A brand-new note (from "New note") exists
// only once something is written in it. A note in the trash is shown read-only with Restore.
// `attachments` and `images` are slots the app composes in. The body is shared live
// (notes/live): editors write together, viewers watch a read-only editor follow along; a role
// lowered to viewer turns the note read-only, and a note that can no longer be read closes,
// each with a sentence saying why. `comments` is a slot for the note's comments panel, given the
// shared text and a bridge to the body editor (lib/editor/editor-bridge.ts).
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type * as Y from 'yjs';
import { Link, useLocation, useParams } from 'react-router';
import { describeError } from '../lib/errors/describe-error.ts';
import { useSignedIn } from '../lib/session/session-context.ts';
import { createEditorBridge, type EditorBridge } from '../lib/editor/editor-bridge.ts';
import { canCommentWith, canEditWith } from '../lib/roles.ts';
import { useSupabase } from '../lib/supabase.ts';
import type { MenuAction } from '../ui/action-menu.tsx';
import { Alert } from '../ui/alert.tsx';
import { PageLoading } from '../ui/page-loading.tsx';
import { clearDraft } from './data/drafts.ts';
import { noteKeys } from './data/keys.ts';
import { useNotebookPeopleQuery } from './data/notebook-people-query.ts';
import { useNotebookQuery } from './data/notebook-query.ts';
import { useRequestMentionEmails } from './data/request-mention-emails.ts';
import { useMe } from './data/me-query.ts';
import { useNoteQuery } from './data/note-query.ts';
import type { Note } from './data/types.ts';
import { HistoryDialog } from './history-dialog.tsx';
import { LinkedFrom } from './links/linked-from.tsx';
import { NoteActions } from './note-actions.tsx';
import { NoteEditor } from './note-editor.tsx';
import type { NoteImageSupport } from './note-images.ts';
import { NoteReader } from './note-reader.tsx';
import { PublishControls } from './publish/publish-controls.tsx';
import { usePublishing } from './publish/use-publishing.ts';
import { TrashedBanner } from './trashed-banner.tsx';
import {
  NOTE_FORBIDDEN_SENTENCE,
  NOTE_GONE_SENTENCE,
  READ_ONLY_COMMENTER_SENTENCE,
  READ_ONLY_SENTENCE,
  useAccessLoss,
} from './live/access-loss.ts';
import { PresenceList, usePresence } from './live/presence.tsx';
import { useCollab } from './live/use-collab.ts';

export interface NoteSlotProps {
  notebookId: string;
  noteId: string;
  canEdit: boolean;
}

export interface NoteCommentsSlotProps {
  noteId: string;
  canComment: boolean;
  shared: { doc: Y.Doc; text: Y.Text } | null;
  bridge: EditorBridge;
  /** The notebook's other people, for "@" in a comment. */
  people: { id: string; name: string }[];
  /** After a comment is posted: ask for the mention and reply emails that are due. */
  onPosted(): void;
  /** Whether the note's text is open (comments are asked for after it). */
  textOpen: boolean;
}

interface Props {
  attachments?: (p: NoteSlotProps) => ReactNode;
  comments?: (p: NoteCommentsSlotProps) => ReactNode;
  images?: NoteImageSupport;
}

function emptyNote(id: string, notebookId: string): Note {
  const now = new Date().toISOString();
  return {
    id,
    notebook_id: notebookId,
    author_id: null,
    title: '',
    body: '',
    tags: [],
    created_at: now,
    updated_at: now,
    deleted_at: null,
    body_too_large: false,
  };
}

export function NotePage({ attachments, comments, images }: Props) {
  const { notebookId = '', noteId = '' } = useParams();
  const { user } = useSignedIn();
  const location = useLocation();
  const fresh = (location.state as { newNote?: boolean } | null)?.newNote === true;
  const notebook = useNotebookQuery(notebookId, user.id);
  const note = useNoteQuery(noteId);
  const queryClient = useQueryClient();
  const [history, setHistory] = useState(false);
  const [revision, setRevision] = useState(0);
  const supabase = useSupabase();
  const me = useMe(user);
  const loss = useAccessLoss(notebookId);
  const presence = usePresence();
  const people = useNotebookPeopleQuery(notebookId).data;
  const otherPeople = useMemo(
    () => (people ?? []).filter((p) => p.id !== user.id).map((p) => ({ id: p.id, name: p.name })),
    [people, user.id],
  );
  const requestNotifyEmails = useRequestMentionEmails();
  const role = notebook.data?.role;
  const canEdit = canEditWith(role) && loss?.kind !== 'read-only';
  const isNew = !note.data && fresh && canEdit;
  const exists = !!note.data && note.data.notebook_id === notebookId;
  const trashed = !!note.data?.deleted_at;
  const titleNow = useRef('');
  const currentTitle = note.data?.title ?? '';
  useEffect(() => {
    titleNow.current = currentTitle;
  }, [currentTitle]);
  const collab = useCollab({
    client: supabase,
    noteId,
    me,
    color: presence.colorOf(user.id),
    audience: presence.people.filter((p) => p.noteIds.includes(noteId)).length,
    access: canEdit && !trashed ? 'edit' : 'read',
    enabled: exists && !trashed,
    title: () => titleNow.current,
  });
  // The body editor carries the comments' bridge beside the shared text's binding.
  const [bridge] = useState(createEditorBridge);
  const liveSession = collab.session;
  // Only whether there are comments: a new slot function each render would make a new session
  // object, and the body's editor would be made again (losing its focus) at every render.
  const withComments = comments !== undefined;
  const bridgedSession = useMemo(
    () =>
      liveSession && withComments
        ? { ...liveSession, extension: [liveSession.extension, bridge.extension] }
        : liveSession,
    [liveSession, bridge, withComments],
  );
  const shared = useMemo(
    () => (liveSession ? { doc: liveSession.sync.doc, text: liveSession.sync.text } : null),
    [liveSession],
  );
  const bodyCollab = { ...collab, session: bridgedSession };
  const refused = collab.status?.refused ?? null;
  const editing = canEdit && !trashed && refused === null;
  const { showNote, onMembership } = presence;
  // Someone else's role lowered or membership ended: their edits are no longer taken (and their
  // key is asked about again before their next message is: lib/collab/signing.ts).
  const session = collab.session;
  useEffect(
    () =>
      onMembership((change) => {
        if (change.user_id === user.id) return;
        const role = change.role;
        session?.setPeerAccess(
          change.user_id,
          role === 'owner' || role === 'editor' ? 'edit' : 'none',
        );
      }),
    [onMembership, session, user.id],
  );
  useEffect(() => {
    showNote(noteId, editing);
    return () => showNote(null, false);
  }, [showNote, noteId, editing]);

  const canPublish = canEdit && !trashed && exists;
  const publishing = usePublishing(notebookId, noteId, canPublish);
  const publishItems: MenuAction[] = !canPublish
    ? []
    : publishing.published
      ? [{ label: 'Unpublish', disabled: publishing.pending, onSelect: publishing.unpublish }]
      : [
          {
            label: 'Publish to the web',
            disabled: publishing.pending,
            onSelect: publishing.publish,
          },
        ];

  const title = note.data?.title.trim();
  useEffect(() => {
    document.title = `${title || (fresh ? 'New note' : 'Note')} · Sheaf`;
  }, [title, fresh]);

  if (notebook.isPending || note.isPending) return <PageLoading label="Loading note…" />;
  // A failed refetch leaves the data shown: an error replaces only what cannot be shown.
  const error = (!notebook.data && notebook.error) || (!note.data && note.error) || null;
  if (error) return <Alert tone="error">{describeError(error).message}</Alert>;
  if (refused === 'gone')
    return (
      <div className="note-missing" data-testid="note-missing">
        <h1 className="page-title">Note closed</h1>
        <p role="alert">{NOTE_GONE_SENTENCE}</p>
        <Link to={`/n/${notebookId}`}>Back to the notebook</Link>
      </div>
    );
  const data = note.data ?? (isNew ? emptyNote(noteId, notebookId) : null);
  if (!notebook.data || !data || data.notebook_id !== notebookId)
    return (
      <div className="note-missing" data-testid="note-missing">
        <h1 className="page-title">Note not found</h1>
        <p>This note does not exist or you no longer have access to it.</p>
        <Link to={notebook.data ? `/n/${notebookId}` : '/'}>
          {notebook.data ? `Back to ${notebook.data.name}` : 'Back to your notebooks'}
        </Link>
      </div>
    );

  const readOnlyNotice =
    loss?.kind === 'read-only'
      ? loss.role === 'commenter'
        ? READ_ONLY_COMMENTER_SENTENCE
        : READ_ONLY_SENTENCE
      : refused === 'forbidden' && canEdit
        ? NOTE_FORBIDDEN_SENTENCE
        : null;
  return (
    <article className="note-view" aria-labelledby="note-view-title">
      <div className="note-view__head">
        <Link className="back-link" to={`/n/${notebookId}`}>
          <span aria-hidden="true">←</span> {notebook.data.name}
        </Link>
        <h1 className="visually-hidden" id="note-view-title">
          {data.title.trim() || (isNew ? 'New note' : 'Untitled note')}
        </h1>
        {!editing ? <span className="badge">Read only</span> : null}
        {!trashed && !isNew ? <PublishControls publishing={publishing} /> : null}
        {!trashed ? (
          <NoteActions
            note={data}
            canEdit={canEdit}
            saved={!isNew}
            onHistory={() => setHistory(true)}
            more={publishItems}
          />
        ) : null}
      </div>
      <PresenceList
        people={presence.people}
        label="In this note now"
        noteId={noteId}
        me={user.id}
      />
      {readOnlyNotice ? (
        <p className="live-notice" role="alert" data-testid="read-only-notice">
          {readOnlyNotice}
        </p>
      ) : null}
      {trashed ? <TrashedBanner note={data} canEdit={canEdit} /> : null}
      <div className={comments && !isNew ? 'note-view__columns' : undefined}>
        <section className="note-view__body" aria-label="Note">
          {editing ? (
            <NoteEditor
              key={`${data.id}:${revision}`}
              note={data}
              isNew={isNew}
              images={images}
              collab={bodyCollab}
            />
          ) : (
            <NoteReader
              note={data}
              resolveImage={images?.url}
              collab={trashed ? null : bodyCollab}
            />
          )}
        </section>
        {comments && !isNew
          ? comments({
              noteId,
              canComment: canCommentWith(role) && !trashed,
              shared: trashed ? null : shared,
              bridge,
              people: otherPeople,
              onPosted: requestNotifyEmails,
              // Open, or not coming: in the trash, or the shared copy failed to open.
              textOpen:
                trashed || collab.failed || (!!collab.status && collab.status.phase !== 'opening'),
            })
          : null}
      </div>
      {attachments && !isNew
        ? attachments({ notebookId, noteId, canEdit: canEdit && !trashed })
        : null}
      {!isNew ? <LinkedFrom noteId={noteId} notebookId={notebookId} /> : null}
      {history ? (
        <HistoryDialog
          note={data}
          canRestore={canEdit && !trashed}
          liveRestore={
            collab.session && collab.status && collab.status.phase !== 'opening'
              ? async ({ title, body, tags }) => {
                  // Title and body are the shared document's; tags are the row's.
                  collab.session?.title.set(title);
                  collab.session?.setText(body);
                  await collab.session?.sync.flush();
                  const { error } = await supabase.from('notes').update({ tags }).eq('id', noteId);
                  if (error) throw error;
                }
              : undefined
          }
          resolveImage={images?.url}
          onClose={() => setHistory(false)}
          onRestored={(restored) => {
            clearDraft({ userId: user.id, noteId: restored.id });
            queryClient.setQueryData(noteKeys.detail(restored.id), restored);
            setHistory(false);
            setRevision((r) => r + 1);
          }}
        />
      ) : null}
    </article>
  );
}
