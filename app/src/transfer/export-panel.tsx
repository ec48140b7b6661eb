// Export: everything the person owns, or one notebook they can read, as a ZIP of Markdown files
// (a folder per notebook, a file per note, its files beside it) that other notes apps open.
import { useState, type FormEvent } from 'react';
import { useSubmit } from '../lib/forms/use-submit.ts';
import { useSupabase } from '../lib/supabase.ts';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { exportArchive } from './data/export-archive.ts';
import type { MyNotebook } from './data/my-notebooks-query.ts';

export function ExportPanel({ notebooks }: { notebooks: MyNotebook[] }) {
  const supabase = useSupabase();
  const [choice, setChoice] = useState('');
  const [saved, setSaved] = useState<string | null>(null);
  const submit = useSubmit();

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setSaved(null);
    await submit.run(async () => {
      setSaved(await exportArchive(supabase, choice || null));
    });
  }

  return (
    <section className="panel" aria-labelledby="export-heading">
      <h2 className="panel__title" id="export-heading">
        Export
      </h2>
      <p className="panel__lead">
        A ZIP of Markdown files that any notes app can open: a folder per notebook, a file per note
        with its title and tags, and each note’s images and files beside it.
      </p>
      {submit.error ? <Alert tone="error">{submit.error}</Alert> : null}
      {saved ? <Alert tone="info">Your download has started: {saved}</Alert> : null}
      <form className="form form--narrow" onSubmit={onSubmit} aria-label="Export" noValidate>
        <div className="field">
          <label className="field__label" htmlFor="export-what">
            What to export
          </label>
          <select
            id="export-what"
            className="field__input"
            value={choice}
            onChange={(e) => setChoice(e.target.value)}
          >
            <option value="">Everything you own</option>
            {notebooks.map((nb) => (
              <option key={nb.id} value={nb.id}>
                Notebook: {nb.name}
              </option>
            ))}
          </select>
        </div>
        <div>
          <Button type="submit" pending={submit.pending}>
            {submit.pending ? 'Preparing…' : 'Download ZIP'}
          </Button>
        </div>
      </form>
    </section>
  );
}
