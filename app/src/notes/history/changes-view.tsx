// What changed between two states of a note: the title and tags, a summary, and the text with
// additions and removals marked — underlined and struck through (or + and − beside whole lines),
// not only coloured, and named for screen readers ("added", "removed"). Long unchanged stretches
// are folded behind a button that shows them.
import { useMemo, useState, type ReactNode } from 'react';
import type { VersionContent } from '../data/versions-query.ts';
import {
  describeSummary,
  diffTexts,
  foldUnchanged,
  summarize,
  tagChanges,
  type Change,
  type Granularity,
  type Piece,
} from './history-diff.ts';

interface Props {
  /** The earlier state (null: nothing before it). */
  before: VersionContent | null;
  after: VersionContent;
  by: Granularity;
  /** Names the region for screen readers. */
  label: string;
  /** `after` is the oldest version kept. */
  first?: boolean;
}

/** Whitespace that was added or removed, made visible (a space alone shows nothing). */
function visible(text: string): ReactNode {
  if (text.trim() !== '') return text;
  return text.split('').map((ch, i) =>
    ch === '\n' ? (
      <span key={i}>
        <span aria-hidden="true" className="history-diff__mark">
          ↵
        </span>
        <span className="visually-hidden">line break</span>
        {'\n'}
      </span>
    ) : (
      <span key={i}>
        <span aria-hidden="true" className="history-diff__mark">
          {ch === '\t' ? '→' : '·'}
        </span>
        <span className="visually-hidden">{ch === '\t' ? 'tab' : 'space'}</span>
      </span>
    ),
  );
}

function Marked({ change }: { change: Change }) {
  if (change.kind === 'same') return <span>{change.text}</span>;
  const Tag = change.kind === 'added' ? 'ins' : 'del';
  return (
    <Tag className={`history-diff__${change.kind}`}>
      <span className="visually-hidden">[{change.kind}] </span>
      {visible(change.text)}
      <span className="visually-hidden"> [end {change.kind}]</span>
    </Tag>
  );
}

const SIGN = { same: ' ', added: '+', removed: '−' } as const;

function Lines({ change }: { change: Change }) {
  const lines = change.text.replace(/\n$/, '').split('\n');
  const Tag = change.kind === 'added' ? 'ins' : change.kind === 'removed' ? 'del' : 'div';
  return (
    <>
      {lines.map((line, i) => (
        <Tag key={i} className={`history-diff__line history-diff__line--${change.kind}`}>
          <span aria-hidden="true" className="history-diff__sign">
            {SIGN[change.kind]}
          </span>
          {change.kind !== 'same' ? (
            <span className="visually-hidden">{change.kind} line: </span>
          ) : null}
          {line === '' ? '\u200b' : line}
        </Tag>
      ))}
    </>
  );
}

export function ChangesView({ before, after, by, label, first = false }: Props) {
  const [unfolded, setUnfolded] = useState<ReadonlySet<number>>(new Set());
  const beforeBody = before?.body ?? '';
  const diff = useMemo(() => {
    const changes = diffTexts(beforeBody, after.body, by);
    return changes && { pieces: foldUnchanged(changes), summary: summarize(changes, by) };
  }, [beforeBody, after.body, by]);
  const tags = tagChanges(before?.tags ?? [], after.tags);
  const titleChanged = before !== null && before.title !== after.title;

  function piece(p: Piece, i: number): ReactNode {
    if (p.kind === 'fold' && !unfolded.has(i))
      return (
        <button
          key={i}
          type="button"
          className="history-diff__fold"
          onClick={() => setUnfolded(new Set(unfolded).add(i))}
        >
          Show {p.lines === 1 ? '1 unchanged line' : `${p.lines} unchanged lines`}
        </button>
      );
    const change: Change = p.kind === 'fold' ? { kind: 'same', text: p.text } : p;
    return by === 'lines' ? <Lines key={i} change={change} /> : <Marked key={i} change={change} />;
  }

  return (
    <div className="history-changes" role="region" aria-label={label}>
      {first ? (
        <p className="history-changes__note">
          The oldest version kept: all of its text is shown as added.
        </p>
      ) : null}
      {titleChanged ? (
        <p className="history-changes__field">
          Title:{' '}
          <del className="history-diff__removed">
            <span className="visually-hidden">[removed] </span>
            {before.title || 'no title'}
          </del>{' '}
          <span aria-hidden="true">→</span>{' '}
          <ins className="history-diff__added">
            <span className="visually-hidden">[added] </span>
            {after.title || 'no title'}
          </ins>
        </p>
      ) : null}
      {tags.added.length || tags.removed.length ? (
        <p className="history-changes__field">
          Tags:{' '}
          {tags.added.map((t) => (
            <ins key={`+${t}`} className="history-diff__added history-changes__tag">
              <span className="visually-hidden">[added] </span>
              {t}
            </ins>
          ))}
          {tags.removed.map((t) => (
            <del key={`-${t}`} className="history-diff__removed history-changes__tag">
              <span className="visually-hidden">[removed] </span>
              {t}
            </del>
          ))}
        </p>
      ) : null}
      {diff ? (
        <>
          <p className="history-changes__summary">
            {describeSummary(diff.summary, by, beforeBody !== after.body)}
          </p>
          {diff.pieces.length ? (
            <div className={`history-diff history-diff--${by}`}>{diff.pieces.map(piece)}</div>
          ) : null}
        </>
      ) : (
        <p className="history-changes__summary">
          These texts are too different to compare here. Choose “Full text” to read the version.
        </p>
      )}
    </div>
  );
}
