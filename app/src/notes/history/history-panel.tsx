// The history of a note: its versions, one per editing session, newest (the current state)
// first; the chosen one is shown beside the list (below it on a phone) with what changed.
import { useState } from 'react';
import { describeError } from '../../lib/errors/describe-error.ts';
import { Alert } from '../../ui/alert.tsx';
import { PageLoading } from '../../ui/page-loading.tsx';
import { useVersionsQuery, VERSIONS_KEPT } from '../data/versions-query.ts';
import type { HistoryDialogProps } from './history-props.ts';
import type { Granularity } from './history-diff.ts';
import { HistoryList } from './history-list.tsx';
import { VersionView, type Showing } from './version-view.tsx';
import './history.css';

export default function HistoryPanel(props: HistoryDialogProps) {
  const versions = useVersionsQuery(props.note.id);
  const [chosen, setChosen] = useState<number | null>(null);
  const [showing, setShowing] = useState<Showing>('changes');
  const [by, setBy] = useState<Granularity>('words');

  if (versions.isPending) return <PageLoading label="Loading versions…" />;
  if (versions.error) return <Alert tone="error">{describeError(versions.error).message}</Alert>;
  const all = versions.data;
  if (all.length === 0)
    return (
      <p className="empty">
        No versions yet. Once the note has text, each editing session is kept as a version:
        everything anyone changes with no pause longer than 10 minutes.
      </p>
    );
  const index = Math.max(
    0,
    all.findIndex((v) => v.id === chosen),
  );
  return (
    <div className="history">
      <div className="history__side">
        <HistoryList versions={all} selected={all[index]!.id} onSelect={(id) => setChosen(id)} />
        {all.length >= VERSIONS_KEPT ? (
          <p className="history__kept">The newest {VERSIONS_KEPT} versions are kept.</p>
        ) : null}
      </div>
      <VersionView
        key={all[index]!.id}
        {...props}
        versions={all}
        index={index}
        showing={showing}
        onShowing={setShowing}
        by={by}
        onBy={setBy}
      />
    </div>
  );
}
