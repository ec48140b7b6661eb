// A published note says so in its head, to every member: "Published" — and, for editors and the
// owner, its public page and a way to copy its link. (Publishing and unpublishing are in the
// note's action menu: use-publishing.ts.)
import { describeError } from '../../lib/errors/describe-error.ts';
import { Alert } from '../../ui/alert.tsx';
import { Button } from '../../ui/button.tsx';
import type { Publishing } from './use-publishing.ts';
import './publish.css';

export function PublishControls({ publishing }: { publishing: Publishing }) {
  const { published, canPublish, url, copied, error } = publishing;
  return (
    <div className="publish" role="group" aria-label="Publishing">
      {published ? (
        <>
          <span className="badge badge--published" data-testid="published-badge">
            Published
          </span>
          {canPublish && url ? (
            <>
              <a className="publish__link" href={url} target="_blank" rel="noopener noreferrer">
                Open public page
              </a>
              <Button variant="secondary" onClick={() => void publishing.copy()}>
                Copy link
              </Button>
            </>
          ) : null}
        </>
      ) : null}
      <span className="publish__status" role="status">
        {copied === 'yes'
          ? 'Link copied.'
          : copied === 'failed'
            ? `Copy this link: ${url}`
            : publishing.pending
              ? published
                ? 'Unpublishing…'
                : 'Publishing…'
              : ''}
      </span>
      {error ? <Alert tone="error">{describeError(error).message}</Alert> : null}
    </div>
  );
}
