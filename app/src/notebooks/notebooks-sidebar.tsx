// The workspace sidebar: your notebooks, the ones shared with you, and the trash — each a link
// that shows where you are (aria-current) — and a form for a new notebook. It keeps the lists
// live while the workspace is open (use-live-notebooks.ts), and edits kept on this device are
// counted and sent when the connection returns (use-pending-watch.ts).
import { useState } from 'react';
import { NavLink } from 'react-router';
import { usePendingWatch } from '../lib/collab/use-pending-watch.ts';
import { describeError } from '../lib/errors/describe-error.ts';
import { useSignedIn } from '../lib/session/session-context.ts';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { PageLoading } from '../ui/page-loading.tsx';
import { CreateNotebookForm } from './create-notebook-form.tsx';
import { useNotebooksQuery } from './data/notebooks-query.ts';
import type { NotebookSummary } from './data/types.ts';
import { useLiveNotebooks } from './use-live-notebooks.ts';
import { countOf } from '../lib/text/count.ts';

function NotebookLinks({ label, notebooks }: { label: string; notebooks: NotebookSummary[] }) {
  const id = `sidebar-${label.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <div className="sidebar__group">
      <h2 className="sidebar__label" id={id}>
        {label}
      </h2>
      <ul className="sidebar__list" aria-labelledby={id}>
        {notebooks.map((nb) => (
          <li key={nb.id}>
            <NavLink className="sidebar__link" to={`/n/${nb.id}`}>
              <span className="sidebar__name">{nb.name}</span>
              <span className="sidebar__count">
                <span aria-hidden="true">{nb.note_count}</span>
                <span className="visually-hidden">{countOf(nb.note_count, 'note')}</span>
              </span>
            </NavLink>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function NotebooksSidebar() {
  const { user } = useSignedIn();
  const notebooks = useNotebooksQuery(user.id);
  useLiveNotebooks();
  usePendingWatch();
  const [creating, setCreating] = useState(false);
  const mine = notebooks.data?.filter((nb) => nb.owner_id === user.id) ?? [];
  const shared = notebooks.data?.filter((nb) => nb.owner_id !== user.id) ?? [];
  return (
    <nav className="sidebar" aria-label="Notebooks">
      <NavLink className="sidebar__link sidebar__home" to="/" end>
        Home
      </NavLink>
      {notebooks.isPending ? <PageLoading label="Loading notebooks…" /> : null}
      {notebooks.error ? (
        <Alert tone="error">{describeError(notebooks.error).message}</Alert>
      ) : null}
      {notebooks.data ? (
        <>
          <NotebookLinks label="My notebooks" notebooks={mine} />
          {mine.length === 0 ? (
            <p className="sidebar__empty">No notebooks of your own yet.</p>
          ) : null}
          {shared.length > 0 ? <NotebookLinks label="Shared with me" notebooks={shared} /> : null}
        </>
      ) : null}
      {creating ? (
        <div className="sidebar__create">
          <CreateNotebookForm compact onDone={() => setCreating(false)} />
        </div>
      ) : (
        <Button variant="secondary" onClick={() => setCreating(true)}>
          Add notebook
        </Button>
      )}
      <NavLink className="sidebar__link sidebar__trash" to="/trash">
        Trash
      </NavLink>
    </nav>
  );
}
