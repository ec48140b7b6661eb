// The versions of a note, newest first: when each editing session ran and who changed the note
// in it. A list of buttons (the chosen one pressed); Up and Down move through it as well as Tab.
import { useRef, type KeyboardEvent } from 'react';
import type { VersionSummary } from '../data/versions-query.ts';
import { peopleNames, sessionWhen } from './history-format.ts';

interface Props {
  versions: VersionSummary[];
  selected: number;
  onSelect(id: number): void;
}

export function HistoryList({ versions, selected, onSelect }: Props) {
  const list = useRef<HTMLUListElement>(null);

  function onKeyDown(event: KeyboardEvent) {
    const step = { ArrowDown: 1, ArrowUp: -1, Home: -Infinity, End: Infinity }[event.key];
    if (step === undefined) return;
    event.preventDefault();
    const at = versions.findIndex((v) => v.id === selected);
    const next = Math.min(versions.length - 1, Math.max(0, at + step));
    onSelect(versions[next]!.id);
    list.current?.querySelectorAll('button')[next]?.focus();
  }

  return (
    <ul
      ref={list}
      className="history-list"
      aria-label="Versions, newest first"
      onKeyDown={onKeyDown}
    >
      {versions.map((v, i) => (
        <li key={v.id}>
          <button
            type="button"
            className="history-list__item"
            aria-pressed={v.id === selected}
            onClick={() => onSelect(v.id)}
          >
            <span className="history-list__when">
              {sessionWhen(v.started_at, v.edited_at)}
              {i === 0 ? <span className="badge">Current</span> : null}
            </span>
            <span className="history-list__who">{peopleNames(v.people.map((p) => p.name))}</span>
            {v.restored_from !== null ? (
              <span className="history-list__note">Restored an earlier version</span>
            ) : null}
          </button>
        </li>
      ))}
    </ul>
  );
}
