// "/n/:notebookId" and its notes: the notebook's list (pinned notes first, sort, tag filter,
// "New note" for editors, sharing in a dialog) beside the open note (the nested route). The list
// stays mounted — and keeps its scroll position — while notes open. On a phone one pane shows
// at a time: the list, or the note with a way back. Keys: N new note, J/K next and previous.
// `sharing` is a slot the app composes in (features stay apart), and so is `missing`: what a
// notebook the person cannot open shows (its owner's notebook in the trash says so). Live: the
// list follows what others do, the people here are shown (presence), and losing access (or the
// notebook moved to the trash) closes the notebook with a sentence saying why. The list renders
// from the REST-only client's queries; presence, live changes and the open note start once
// supabase-js's data client has loaded.
import { canEditWith } from '../lib/roles.ts';
import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useEffect, useState, type ReactNode } from 'react';
import { Link, Navigate, Outlet, useNavigate, useParams, useSearchParams } from 'react-router';
import { describeError } from '../lib/errors/describe-error.ts';
import { useShortcuts } from '../lib/keyboard/shortcuts.ts';
import { holdTypedKeys } from '../lib/keyboard/type-ahead.ts';
import { useSignedIn } from '../lib/session/session-context.ts';
import { useSupabaseLoader } from '../lib/supabase.ts';
import { useEndEarlyPage } from '../lib/use-early-page.ts';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { Dialog } from '../ui/dialog.tsx';
import { PageLoading } from '../ui/page-loading.tsx';
import { noteKeys } from './data/keys.ts';
import { useMe } from './data/me-query.ts';
import { useNotebookQuery } from './data/notebook-query.ts';
import type { NotebookInfo } from './data/types.ts';
import { preloadNoteParts } from './lazy-parts.tsx';
import { ROLE_LEAD, SORTS } from './notebook-text.ts';
import { NotesList } from './notes-list.tsx';
import { usePublishedNotesQuery } from './publish/data/published-notes-query.ts';
import { TagFilterForm } from './tag-filter-form.tsx';
import { UndoToasts } from './undo-toasts.tsx';
import { closedSentence, useAccessLoss } from './live/access-loss.ts';
import { PresenceList, PresenceProvider, useNotebookPresence } from './live/presence.tsx';
import { useLiveNotes } from './live/use-live-notes.ts';
import { useNotebookNotes } from './use-notebook-notes.ts';

export interface NotebookSlotProps {
  notebook: NotebookInfo;
}

interface MissingSlotProps {
  notebookId: string;
  /** What to show when the notebook is not in the trash either: "not found". */
  fallback: ReactNode;
}

export function NotebookLayout({
  sharing,
  missing,
}: {
  sharing?: (p: NotebookSlotProps) => ReactNode;
  missing?: (p: MissingSlotProps) => ReactNode;
}) {
  const { notebookId = '', noteId = null } = useParams();
  const { user } = useSignedIn();
  const notebook = useNotebookQuery(notebookId, user.id);
  const [params, setParams] = useSearchParams();
  const sort = SORTS.find((s) => s.value === params.get('sort'))?.value ?? 'updated';
  const tag = params.get('tag') || null;
  const notes = useNotebookNotes(notebookId, sort, tag);
  const published = usePublishedNotesQuery(notebookId).data;
  const loadSupabase = useSupabaseLoader();
  const me = useMe(user);
  useLiveNotes(notebookId);
  const loss = useAccessLoss(notebookId);
  const queryClient = useQueryClient();
  // A note moved to a notebook this person cannot read: no row change reaches them, this does.
  const presence = useNotebookPresence(loadSupabase, notebookId, me, (movedId) => {
    void queryClient.invalidateQueries({ queryKey: noteKeys.lists(notebookId) });
    void queryClient.invalidateQueries({ queryKey: noteKeys.detail(movedId) });
  });
  // Its name, kept for the sentence once a removal has taken the notebook away.
  const [lastName, setLastName] = useState<string | null>(null);
  if (notebook.data && notebook.data.name !== lastName) setLastName(notebook.data.name);
  const navigate = useNavigate();
  const [sharingOpen, setSharingOpen] = useState(false);
  const canEdit = canEditWith(notebook.data?.role);
  const query = params.toString() ? `?${params.toString()}` : '';
  // The early page (drawn from the same responses before this code ran) goes in the frame this
  // page is drawn complete: the notebook known, and its list too when it is one.
  useEndEarlyPage(
    loss?.kind === 'closed' || (!notebook.isPending && (!notebook.data || !notes.isPending)),
  );

  useEffect(() => {
    if (!noteId) document.title = `${notebook.data?.name ?? 'Notebook'} · Sheaf`;
  }, [notebook.data?.name, noteId]);
  // The editor and the renderer (most of a note page's code) load while the person looks at the
  // list — well after it has been drawn, so they never compete with it.
  const listShown = notes.ordered.length > 0;
  useEffect(() => {
    if (!listShown) return;
    const timer = setTimeout(() => {
      const idle = window.requestIdleCallback ?? ((fn: () => void) => setTimeout(fn, 0));
      idle(preloadNoteParts);
    }, 1500);
    return () => clearTimeout(timer);
  }, [listShown]);

  function newNote() {
    const path = `/n/${notebookId}/${crypto.randomUUID()}`;
    // Keys typed from now until the new note's title appears are its text, not shortcuts.
    holdTypedKeys(path);
    void navigate(`${path}${query}`, { state: { newNote: true } });
  }
  function step(by: number) {
    const ids = notes.ordered.map((n) => n.id);
    if (ids.length === 0) return;
    const at = noteId ? ids.indexOf(noteId) : -1;
    const next = ids[Math.min(Math.max(at + by, 0), ids.length - 1)]!;
    void navigate(`/n/${notebookId}/${next}${query}`);
    requestAnimationFrame(() =>
      document.querySelector(`[data-note-id="${next}"]`)?.scrollIntoView({ block: 'nearest' }),
    );
  }
  useShortcuts([
    { keys: 'n', run: newNote, enabled: canEdit },
    { keys: 'mod+alt+n', run: newNote, enabled: canEdit, inFields: true },
    { keys: 'j', run: () => step(1) },
    { keys: 'k', run: () => step(-1) },
  ]);

  function update(key: string, value: string | null) {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    setParams(next, { replace: true });
  }
  const tagHref = (t: string) => {
    const next = new URLSearchParams(params);
    next.set('tag', t);
    return `/n/${notebookId}?${next.toString()}`;
  };

  if (loss?.kind === 'closed') {
    // Leaving is the person's own doing (here or in another tab): home, as Leave does.
    if (loss.reason === 'left') return <Navigate to="/" replace />;
    return (
      <div className="note-missing" data-testid="access-lost">
        <h1 className="page-title">Notebook closed</h1>
        <p role="alert">{closedSentence(loss.reason, lastName ?? 'this notebook')}</p>
        <Link to="/">Back to your notebooks</Link>
      </div>
    );
  }
  if (notebook.isPending) return <PageLoading label="Loading notebook…" />;
  if (notebook.isError) return <Alert tone="error">{describeError(notebook.error).message}</Alert>;
  if (!notebook.data) {
    const notFound = (
      <div className="note-missing">
        <h1 className="page-title">Notebook not found</h1>
        <p>
          This notebook does not exist, is in its owner’s trash, or you no longer have access to it.
        </p>
        <Link to="/">Back to your notebooks</Link>
      </div>
    );
    return missing ? missing({ notebookId, fallback: notFound }) : notFound;
  }
  const info = notebook.data;
  const Heading = noteId ? 'h2' : 'h1';

  return (
    <div className="notebook-view" data-note-open={noteId ? 'true' : 'false'}>
      <section className="list-pane" aria-labelledby="notebook-heading">
        <div className="list-pane__head">
          <Link className="back-link list-pane__back" to="/">
            <span aria-hidden="true">←</span> Notebooks
          </Link>
          <div className="list-pane__title">
            <Heading className="page-title" id="notebook-heading">
              {info.name}
            </Heading>
            <p className="page-lead">{ROLE_LEAD[info.role]}</p>
            {/* Its row is kept while nobody is listed yet, so the list never moves down when
                the people here (this person first) arrive. */}
            <div className="list-pane__presence">
              <PresenceList people={presence.people} label="In this notebook now" me={user.id} />
            </div>
          </div>
          <div className="list-pane__actions">
            {canEdit ? (
              <Button onClick={newNote} aria-keyshortcuts="N">
                New note
              </Button>
            ) : null}
            {sharing ? (
              <Button variant="secondary" onClick={() => setSharingOpen(true)}>
                {info.role === 'owner' ? 'Share' : 'People'}
              </Button>
            ) : null}
          </div>
        </div>
        <div className="toolbar">
          <div className="field toolbar__sort">
            <label className="field__label" htmlFor="note-sort">
              Sort by
            </label>
            <select
              id="note-sort"
              className="field__input"
              value={sort}
              onChange={(e) => update('sort', e.target.value === 'updated' ? null : e.target.value)}
            >
              {SORTS.map((s) => (
                <option key={s.value} value={s.value}>
                  {s.label}
                </option>
              ))}
            </select>
          </div>
          <TagFilterForm key={tag ?? ''} tag={tag} onFilter={(t) => update('tag', t)} />
        </div>
        <NotesList
          notes={notes}
          tag={tag}
          selectedId={noteId}
          published={published}
          tagHref={tagHref}
        />
      </section>
      <div className="note-pane">
        <PresenceProvider value={presence}>
          <Suspense fallback={<PageLoading />}>
            <Outlet />
          </Suspense>
        </PresenceProvider>
      </div>
      {sharingOpen && sharing ? (
        <Dialog
          title={`People in “${info.name}”`}
          hideTitle
          onClose={() => setSharingOpen(false)}
          className="dialog--wide"
        >
          <Suspense fallback={<PageLoading />}>{sharing({ notebook: info })}</Suspense>
        </Dialog>
      ) : null}
      <UndoToasts />
    </div>
  );
}
