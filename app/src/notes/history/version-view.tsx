// One version of a note: when its session ran, who changed the note in it, and — as the person
// chooses — what changed in it (against the version before), what has changed since (against the
// current text), or the version itself rendered. Editors can restore it, or restore it as a copy.
import { Suspense, useId } from 'react';
import { describeError } from '../../lib/errors/describe-error.ts';
import { Alert } from '../../ui/alert.tsx';
import { MethodSwitch } from '../../ui/method-switch.tsx';
import { PageLoading } from '../../ui/page-loading.tsx';
import { useVersionContentQuery, type VersionSummary } from '../data/versions-query.ts';
import type { HistoryDialogProps } from './history-props.ts';
import { Markdown } from '../lazy-parts.tsx';
import { ChangesView } from './changes-view.tsx';
import type { Granularity } from './history-diff.ts';
import { peopleNames, sessionWhen } from './history-format.ts';
import { RestoreActions } from './restore-actions.tsx';

export type Showing = 'changes' | 'since' | 'text';

interface Props extends HistoryDialogProps {
  versions: VersionSummary[];
  /** The version shown, in `versions` (0: the newest, the note as it is now). */
  index: number;
  showing: Showing;
  onShowing(showing: Showing): void;
  by: Granularity;
  onBy(by: Granularity): void;
}

export function VersionView(props: Props) {
  const { versions, index, by, onBy, canRestore, resolveImage } = props;
  const headingId = useId();
  const version = versions[index]!;
  const previous = versions[index + 1] ?? null;
  const isCurrent = index === 0;
  const showing = isCurrent && props.showing === 'since' ? 'changes' : props.showing;
  const content = useVersionContentQuery(version);
  const before = useVersionContentQuery(previous);
  const current = useVersionContentQuery(versions[0]!);
  const when = sessionWhen(version.started_at, version.edited_at);
  const source =
    version.restored_from === null
      ? null
      : (versions.find((v) => v.id === version.restored_from) ?? null);

  // What the chosen view compares this version with (nothing for the full text, or the oldest).
  const other =
    showing === 'changes' ? (previous ? before : null) : showing === 'since' ? current : null;
  const loading = content.isPending || (other?.isPending ?? false);
  const error = content.error ?? other?.error ?? null;

  return (
    <section className="history-version" aria-labelledby={headingId}>
      <header className="history-version__head">
        <h3 className="history-version__when" id={headingId}>
          {when}
          {isCurrent ? <span className="badge">Current</span> : null}
        </h3>
        <p className="history-version__who">
          Changed by {peopleNames(version.people.map((p) => p.name))}
        </p>
        {version.restored_from !== null ? (
          <p className="history-version__restored">
            {source
              ? `Began by restoring the version of ${sessionWhen(source.started_at, source.edited_at)}.`
              : 'Began by restoring an earlier version (no longer kept).'}
          </p>
        ) : null}
      </header>

      {isCurrent ? (
        <p className="history-version__note">This is the note as it is now.</p>
      ) : canRestore && content.data ? (
        <RestoreActions {...props} when={when} version={content.data} />
      ) : !canRestore ? (
        <p className="history-version__note">Only the notebook’s editors can restore versions.</p>
      ) : null}

      <div className="history-version__controls">
        <MethodSwitch<Showing>
          label="Show"
          value={showing}
          onChange={props.onShowing}
          options={[
            { value: 'changes', label: 'Changes made' },
            ...(isCurrent ? [] : [{ value: 'since' as const, label: 'Changes since' }]),
            { value: 'text', label: 'Full text' },
          ]}
        />
        {showing !== 'text' ? (
          <MethodSwitch<Granularity>
            label="Compare by"
            value={by}
            onChange={onBy}
            options={[
              { value: 'words', label: 'Words' },
              { value: 'lines', label: 'Lines' },
            ]}
          />
        ) : null}
      </div>

      {error ? <Alert tone="error">{describeError(error).message}</Alert> : null}
      {!error && loading ? <PageLoading label="Loading version…" /> : null}
      {!error && !loading && content.data ? (
        showing === 'text' ? (
          <div className="history-version__text">
            <h4 className="history-version__title">
              {content.data.title.trim() || 'Untitled note'}
            </h4>
            {content.data.tags.length ? (
              <p className="history-version__tags">Tags: {content.data.tags.join(', ')}</p>
            ) : null}
            <Suspense fallback={<PageLoading />}>
              <Markdown source={content.data.body} resolveImage={resolveImage} />
            </Suspense>
          </div>
        ) : showing === 'since' ? (
          current.data ? (
            <ChangesView
              key={by}
              before={content.data}
              after={current.data}
              by={by}
              label="Changes since this version, up to the current text"
            />
          ) : null
        ) : (
          <ChangesView
            key={by}
            before={previous ? (before.data ?? null) : null}
            after={content.data}
            by={by}
            label="Changes made in this version"
            first={previous === null}
          />
        )
      ) : null}
    </section>
  );
}
