// An import under way (progress, and a way to stop it) and its outcome: what was created, with
// links to open it, and every problem met on the way.
import { Link } from 'react-router';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import type { ImportProgress, ImportResult } from './import/run-import.ts';
import { countOf } from '../lib/text/count.ts';

export function ImportRunning({ progress, onStop }: { progress: ImportProgress; onStop(): void }) {
  return (
    <div className="form">
      <label className="field__label" htmlFor="import-progress">
        Importing
      </label>
      <progress id="import-progress" value={progress.done} max={progress.total} />
      <p role="status">
        {progress.done} of {progress.total} steps · {progress.current}
      </p>
      <div>
        <Button variant="secondary" onClick={onStop}>
          Stop importing
        </Button>
      </div>
    </div>
  );
}

export function ImportDone({ result, onAgain }: { result: ImportResult; onAgain(): void }) {
  // As the Import button said it: files only when there are some.
  const files = result.files ? ` and ${countOf(result.files, 'file')}` : '';
  const summary = `${countOf(result.notes, 'note')}${files} into ${countOf(
    result.notebooks.length,
    'notebook',
  )}.`;
  return (
    <div className="form">
      <Alert tone="info" title={result.stopped ? 'Import stopped' : 'Import finished'}>
        {result.stopped ? `Stopped after importing ${summary}` : `Imported ${summary}`}
      </Alert>
      {result.notebooks.length ? (
        <ul className="list" aria-label="Imported notebooks">
          {result.notebooks.map((nb) => (
            <li className="list__item" key={nb.id}>
              <Link to={`/n/${nb.id}`}>Open {nb.name || 'the notebook'}</Link>
              <span className="import-meta">{countOf(nb.notes, 'note')}</span>
            </li>
          ))}
        </ul>
      ) : null}
      {result.problems.length ? (
        <Alert
          tone="error"
          title={`${countOf(result.problems.length, 'item')} could not be imported`}
        >
          <ul className="import-problems">
            {result.problems.map((p, i) => (
              <li key={`${p.source}-${i}`}>
                {p.source}: {p.reason}
              </li>
            ))}
          </ul>
        </Alert>
      ) : null}
      <div>
        <Button variant="secondary" onClick={onAgain}>
          Import more
        </Button>
      </div>
    </div>
  );
}
