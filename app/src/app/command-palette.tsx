// The command palette (Ctrl/⌘+K): search as you type across every readable notebook, with the
// matching words highlighted, plus notebooks and commands. Notes found only inside a word or
// despite a typo come after the others, under "Close matches". A combobox over a listbox: arrows move,
// Enter opens, Esc closes. The listbox says which query its results are for (data-results-for),
// so tests and the search benchmark can tell fresh results from the previous ones.
import { useId, useMemo, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import { describeError } from '../lib/errors/describe-error.ts';
import { useSignedIn } from '../lib/session/session-context.ts';
import { queryTerms } from '../lib/text/fold.ts';
import { useNotebooksQuery } from '../notebooks/data/notebooks-query.ts';
import { useRecentNotesQuery } from '../notes/data/recent-notes-query.ts';
import { useSearchNotesQuery } from '../notes/data/search-notes-query.ts';
import { Dialog } from '../ui/dialog.tsx';
import { HighlightedText } from '../ui/highlighted-text.tsx';
import { filterByName, type PaletteItem } from './palette-items.ts';
import { countOf } from '../lib/text/count.ts';

interface Props {
  onClose(): void;
  commands: PaletteItem[];
}

export function CommandPalette({ onClose, commands }: Props) {
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const { user } = useSignedIn();
  const navigate = useNavigate();
  const listId = useId();
  const q = query.trim();
  const search = useSearchNotesQuery(q);
  const recent = useRecentNotesQuery(6);
  const notebooks = useNotebooksQuery(user.id);
  const terms = useMemo(() => queryTerms(q), [q]);

  const items = useMemo<PaletteItem[]>(() => {
    const notes: PaletteItem[] = q
      ? (search.data ?? []).map((hit) => ({
          id: `note:${hit.id}`,
          group: hit.rank < 0 ? 'Close matches' : 'Notes',
          forgiving: hit.rank < 0,
          label: hit.title.trim() || 'Untitled note',
          detail: hit.snippet ? `${hit.notebook_name} · ${hit.snippet}` : hit.notebook_name,
          to: `/n/${hit.notebook_id}/${hit.id}`,
        }))
      : (recent.data ?? []).map((note) => ({
          id: `note:${note.id}`,
          group: 'Recent notes',
          label: note.title.trim() || 'Untitled note',
          detail: note.notebook?.name,
          to: `/n/${note.notebook_id}/${note.id}`,
        }));
    const books: PaletteItem[] = (notebooks.data ?? []).map((nb) => ({
      id: `notebook:${nb.id}`,
      group: 'Notebooks',
      label: nb.name,
      to: `/n/${nb.id}`,
    }));
    return [...notes, ...filterByName(books, q).slice(0, 6), ...filterByName(commands, q)];
  }, [q, search.data, recent.data, notebooks.data, commands]);

  const current = Math.min(active, Math.max(items.length - 1, 0));
  function choose(item: PaletteItem | undefined) {
    if (!item) return;
    onClose();
    if (item.to) void navigate(item.to);
    item.run?.();
  }
  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const by = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current + by + items.length) % Math.max(items.length, 1));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      choose(items[current]);
    }
  }

  const groups = [...new Set(items.map((i) => i.group))];
  const resultsFor = !q ? '' : search.isPlaceholderData || search.isPending ? null : q;
  const optionId = (i: number) => `${listId}-option-${i}`;
  return (
    <Dialog title="Search and commands" hideTitle onClose={onClose} className="palette">
      <input
        className="palette__input"
        role="combobox"
        aria-expanded="true"
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={items.length > 0 ? optionId(current) : undefined}
        aria-label="Search notes and commands"
        placeholder="Search notes, notebooks and commands…"
        autoFocus
        autoComplete="off"
        spellCheck={false}
        value={query}
        onChange={(e) => {
          setQuery(e.target.value);
          setActive(0);
        }}
        onKeyDown={onKeyDown}
      />
      <div
        className="palette__results"
        id={listId}
        role="listbox"
        aria-label="Results"
        aria-busy={search.isFetching || undefined}
        data-results-for={resultsFor ?? undefined}
      >
        {groups.map((group, g) => (
          <div key={group} role="group" aria-labelledby={`${listId}-group-${g}`}>
            <div className="palette__group" role="presentation" id={`${listId}-group-${g}`}>
              {group}
            </div>
            {items.map((item, i) =>
              item.group === group ? (
                <div
                  key={item.id}
                  id={optionId(i)}
                  role="option"
                  aria-selected={i === current}
                  className="palette__option"
                  data-testid={item.id.startsWith('note:') && q ? 'search-hit' : undefined}
                  onMouseDown={(e) => e.preventDefault()}
                  onMouseMove={() => setActive(i)}
                  onClick={() => choose(item)}
                >
                  <span className="palette__label">
                    <HighlightedText text={item.label} terms={terms} forgiving={item.forgiving} />
                  </span>
                  {item.detail ? (
                    <span className="palette__detail">
                      <HighlightedText
                        text={item.detail}
                        terms={terms}
                        forgiving={item.forgiving}
                      />
                    </span>
                  ) : null}
                </div>
              ) : null,
            )}
          </div>
        ))}
      </div>
      <p className="palette__status" role="status">
        {search.error
          ? describeError(search.error).message
          : q && resultsFor === q && (search.data?.length ?? 0) === 0
            ? `No notes match “${q}”.`
            : q && resultsFor === q
              ? `${countOf(search.data!.length, 'note')} found.`
              : ''}
      </p>
    </Dialog>
  );
}
