// "/n/:notebookId": a notebook's notes with sort and tag filter, "New note" for editors, and a
// slot for the sharing panel the app composes in (features stay apart).
import { useEffect, type ReactNode } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { describeError } from '../lib/errors/describe-error.ts';
import { useSignedIn } from '../lib/session/session-context.ts';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { PageLoading } from '../ui/page-loading.tsx';
import { useCreateNoteMutation } from './data/create-note-mutation.ts';
import { useNotebookQuery } from './data/notebook-query.ts';
import type { NotebookInfo, NoteSort } from './data/types.ts';
import { NotesList } from './notes-list.tsx';
import { TagFilterForm } from './tag-filter-form.tsx';
import { UndoToasts } from './undo-toasts.tsx';

const SORTS: { value: NoteSort; label: string }[] = [
  { value: 'updated', label: 'Recently edited' },
  { value: 'created', label: 'Recently created' },
  { value: 'title', label: 'Title (A–Z)' },
];

export interface NotebookSlotProps {
  notebook: NotebookInfo;
}

export function NotebookPage({ sharing }: { sharing?: (p: NotebookSlotProps) => ReactNode }) {
  const { notebookId = '' } = useParams();
  const { user } = useSignedIn();
  const notebook = useNotebookQuery(notebookId, user.id);
  const [params, setParams] = useSearchParams();
  const sort = (SORTS.find((s) => s.value === params.get('sort'))?.value ?? 'updated') as NoteSort;
  const tag = params.get('tag') || null;
  const create = useCreateNoteMutation(notebookId);
  const navigate = useNavigate();

  useEffect(() => {
    document.title = `${notebook.data?.name ?? 'Notebook'} · Sheaf`;
  }, [notebook.data?.name]);

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

  if (notebook.isPending) return <PageLoading label="Loading notebook…" />;
  if (notebook.isError) return <Alert tone="error">{describeError(notebook.error).message}</Alert>;
  if (!notebook.data)
    return (
      <div className="panel">
        <h1 className="page-title">Notebook not found</h1>
        <p>This notebook does not exist or you no longer have access to it.</p>
        <Link to="/">Back to your notebooks</Link>
      </div>
    );
  const info = notebook.data;
  const canEdit = info.role !== 'viewer';

  return (
    <>
      <nav aria-label="Breadcrumb" className="crumbs">
        <Link to="/">Notebooks</Link>
      </nav>
      <div className="page-head">
        <div>
          <h1 className="page-title">{info.name}</h1>
          <p className="page-lead">
            {info.role === 'viewer'
              ? 'You can read this notebook.'
              : info.role === 'editor'
                ? 'You can edit the notes in this notebook.'
                : 'You own this notebook.'}
          </p>
        </div>
        {canEdit ? (
          <Button
            pending={create.isPending}
            onClick={() =>
              create.mutate(undefined, {
                onSuccess: (note) => void navigate(`/n/${notebookId}/${note.id}`),
              })
            }
          >
            New note
          </Button>
        ) : null}
      </div>
      {create.error ? <Alert tone="error">{describeError(create.error).message}</Alert> : null}
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
      <NotesList notebookId={notebookId} sort={sort} tag={tag} tagHref={tagHref} />
      {sharing ? sharing({ notebook: info }) : null}
      <UndoToasts />
    </>
  );
}
