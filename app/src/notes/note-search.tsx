// Full-text search across every notebook the user can read. The query lives in the URL (?q=) so
// results survive a reload and the back button.
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { describeError } from '../lib/errors/describe-error.ts';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { PageLoading } from '../ui/page-loading.tsx';
import { useSearchNotesQuery } from './data/search-notes-query.ts';

export function NoteSearch() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const results = useSearchNotesQuery(q);
  function search(value: string) {
    const next = new URLSearchParams(params);
    if (value.trim()) next.set('q', value.trim());
    else next.delete('q');
    setParams(next);
  }

  return (
    <section className="panel" aria-labelledby="search-heading">
      <h2 className="panel__title" id="search-heading">
        Search notes
      </h2>
      <SearchForm key={q} initial={q} onSearch={search} />
      {q && results.isPending ? <PageLoading label="Searching…" /> : null}
      {results.isError ? <Alert tone="error">{describeError(results.error).message}</Alert> : null}
      {q && results.data ? (
        results.data.length === 0 ? (
          <p className="empty">No notes match “{q}”.</p>
        ) : (
          <ul className="note-list" aria-label="Search results">
            {results.data.map((hit) => (
              <li className="note-item" key={hit.id} data-testid="search-hit">
                <div className="note-item__head">
                  <Link className="note-item__title" to={`/n/${hit.notebook_id}/${hit.id}`}>
                    {hit.title.trim() || 'Untitled note'}
                  </Link>
                  <span className="note-item__notebook">in {hit.notebooks?.name ?? '—'}</span>
                </div>
                {hit.preview ? <p className="note-item__preview">{hit.preview}</p> : null}
              </li>
            ))}
          </ul>
        )
      ) : null}
    </section>
  );
}

function SearchForm({ initial, onSearch }: { initial: string; onSearch(q: string): void }) {
  const [value, setValue] = useState(initial);
  function submit(event: FormEvent) {
    event.preventDefault();
    onSearch(value);
  }
  return (
    <form className="search-form" role="search" onSubmit={submit}>
      <div className="field">
        <label className="field__label" htmlFor="note-search">
          Search all your notebooks
        </label>
        <input
          id="note-search"
          type="search"
          className="field__input"
          value={value}
          placeholder='Words, "a phrase", -exclude'
          onChange={(e) => setValue(e.target.value)}
        />
      </div>
      <Button type="submit">Search</Button>
    </form>
  );
}
