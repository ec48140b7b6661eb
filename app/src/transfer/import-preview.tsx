// What an import will do, before it does it: the notebooks it creates with their notes and files,
// where notes chosen on their own go, and what is left out and why. A new notebook whose name the
// person already has gets a number ("Travel (2)"), and the preview says so before anything is
// written. Import runs once, however often it is pressed.
import { canEditWith } from '../lib/roles.ts';
import { useMemo, useRef, useState, type FormEvent } from 'react';
import { Button } from '../ui/button.tsx';
import { TextField } from '../ui/text-field.tsx';
import type { MyNotebook } from './data/my-notebooks-query.ts';
import type { ImportPlan } from './import/plan-import.ts';
import { distinctName, distinctNames } from './import/distinct-names.ts';
import type { ImportTarget } from './import/run-import.ts';
import { countOf } from '../lib/text/count.ts';

interface Props {
  plan: ImportPlan;
  notebooks: MyNotebook[];
  onStart(target: ImportTarget): void;
  onCancel(): void;
}

export function ImportPreview({ plan, notebooks, onStart, onCancel }: Props) {
  const writable = notebooks.filter((nb) => canEditWith(nb.role));
  const loose = plan.notebooks.find((nb) => !nb.folder);
  const taken = useMemo(() => notebooks.map((nb) => nb.name), [notebooks]);
  // The folders' new notebooks, named apart from the person's notebooks and from each other.
  const folderNames = useMemo(() => {
    const folders = plan.notebooks.filter((nb) => nb.folder);
    const chosen = distinctNames(
      folders.map((nb) => nb.name),
      taken,
    );
    return new Map(folders.map((nb, i) => [nb.folder, chosen[i]!]));
  }, [plan, taken]);
  const [into, setInto] = useState('');
  const [newName, setNewName] = useState(() => distinctName('Imported notes', taken));
  const started = useRef(false);
  const looseName = distinctName(newName.trim(), [...taken, ...folderNames.values()]);
  const [nameError, setNameError] = useState<string | null>(null);
  const notes = plan.notebooks.reduce((n, nb) => n + nb.notes.length, 0);
  const files = plan.notebooks.reduce(
    (n, nb) => n + nb.notes.reduce((m, note) => m + note.files.length, 0),
    0,
  );

  function submit(event: FormEvent) {
    event.preventDefault();
    if (loose && !into && !newName.trim()) return setNameError('Give the new notebook a name.');
    if (loose && !into && [...newName.trim()].length > 100)
      return setNameError('Use at most 100 characters.');
    setNameError(null);
    if (started.current) return;
    started.current = true;
    const existing = writable.find((nb) => nb.id === into);
    onStart({
      loose: existing ? { notebookId: existing.id, name: existing.name } : { newName: looseName },
      names: Object.fromEntries(folderNames),
    });
  }

  return (
    <form className="form" onSubmit={submit} aria-label="Import these files" noValidate>
      <h3 className="section-label">Ready to import</h3>
      {notes === 0 ? (
        <p className="empty">
          No Markdown notes were found in what you chose. Choose .md files, a folder that holds
          them, or a ZIP of them.
        </p>
      ) : (
        <ul className="list" aria-label="What will be imported">
          {plan.notebooks.map((nb) => (
            <li className="list__item" key={nb.folder || '(loose)'}>
              <span>
                <strong>
                  {nb.folder ? folderNames.get(nb.folder) : 'Notes chosen on their own'}
                </strong>
                <span className="import-meta">
                  {' '}
                  {countOf(nb.notes.length, 'note')},{' '}
                  {countOf(
                    nb.notes.reduce((m, n) => m + n.files.length, 0),
                    'file',
                  )}
                  {nb.folder ? ' · a new notebook' : ''}
                </span>
                {nb.folder && folderNames.get(nb.folder) !== nb.name ? (
                  <span className="import-renamed">
                    {`You already have a notebook called “${nb.name}”, so this one will be called “${folderNames.get(nb.folder)}”.`}
                  </span>
                ) : null}
              </span>
            </li>
          ))}
        </ul>
      )}
      {loose ? (
        <div className="form form--narrow">
          <div className="field">
            <label className="field__label" htmlFor="import-into">
              Put the notes chosen on their own in
            </label>
            <select
              id="import-into"
              className="field__input"
              value={into}
              onChange={(e) => setInto(e.target.value)}
            >
              <option value="">A new notebook</option>
              {writable.map((nb) => (
                <option key={nb.id} value={nb.id}>
                  {nb.name}
                </option>
              ))}
            </select>
          </div>
          {into ? null : (
            <TextField
              label="Name of the new notebook"
              value={newName}
              onChange={(e) => setNewName(e.target.value)}
              error={nameError}
              maxLength={120}
            />
          )}
          {!into && newName.trim() && looseName !== newName.trim() ? (
            <p className="import-renamed">
              {`You already have a notebook called “${newName.trim()}”, so the new one will be called “${looseName}”.`}
            </p>
          ) : null}
        </div>
      ) : null}
      {plan.skipped.length ? (
        <details className="import-skipped">
          <summary>{countOf(plan.skipped.length, 'file')} will be left out</summary>
          <ul>
            {plan.skipped.map((s) => (
              <li key={s.source}>
                {s.source}: {s.reason}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
      <div className="actions">
        {notes > 0 ? (
          <Button type="submit">
            Import {countOf(notes, 'note')}
            {files ? ` and ${countOf(files, 'file')}` : ''}
          </Button>
        ) : null}
        <Button variant="secondary" onClick={onCancel}>
          Choose other files
        </Button>
      </div>
    </form>
  );
}
