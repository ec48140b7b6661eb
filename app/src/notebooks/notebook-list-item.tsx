// One notebook in the list: its name (a link), note count, the user's role and who else is in
// it; the owner can rename it or move it to the trash here.
import { ROLE_LABEL } from '../lib/roles.ts';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../ui/button.tsx';
import type { NotebookSummary } from './data/types.ts';
import { describePeople } from './people.ts';
import { RenameNotebookForm } from './rename-notebook-form.tsx';
import { TrashNotebookConfirm } from './trash-notebook-confirm.tsx';
import { countOf } from '../lib/text/count.ts';

export function NotebookListItem({
  notebook,
  userId,
}: {
  notebook: NotebookSummary;
  userId: string;
}) {
  const [mode, setMode] = useState<'view' | 'rename' | 'trash'>('view');
  return (
    <li className="nb-item" data-testid="notebook-item">
      <div className="nb-item__main">
        <Link className="nb-item__name" to={`/n/${notebook.id}`}>
          {notebook.name}
        </Link>
        <span className="nb-item__meta">
          {countOf(notebook.note_count, 'note')}
          <span className="badge">{ROLE_LABEL[notebook.role]}</span>
        </span>
        <span className="nb-item__people">{describePeople(notebook.members, userId)}</span>
      </div>
      {notebook.role === 'owner' && mode === 'view' ? (
        <div className="nb-item__actions">
          <Button
            variant="secondary"
            aria-label={`Rename ${notebook.name}`}
            onClick={() => setMode('rename')}
          >
            Rename
          </Button>
          <Button
            variant="danger"
            aria-label={`Move to trash: ${notebook.name}`}
            onClick={() => setMode('trash')}
          >
            Move to trash
          </Button>
        </div>
      ) : null}
      {mode === 'rename' ? (
        <RenameNotebookForm id={notebook.id} name={notebook.name} onDone={() => setMode('view')} />
      ) : null}
      {mode === 'trash' ? (
        <TrashNotebookConfirm
          id={notebook.id}
          name={notebook.name}
          onCancel={() => setMode('view')}
        />
      ) : null}
    </li>
  );
}
