// "/p/:token": a published note, read-only, for anyone with the link — no account, outside the
// signed-in frame and its guard. It shows the note's title and merged text rendered as the app
// renders notes, its own images through the short-lived signed URLs the published-note function
// hands out (renewed before they run out), and follows the note: it asks again every few
// seconds and when the window regains focus. Unpublished (or an unknown link), it says so. The
// page asks search engines not to index it (robots noindex) and sends no referrer.
import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useParams } from 'react-router';
import { describeError } from '../../lib/errors/describe-error.ts';
import { Alert } from '../../ui/alert.tsx';
import { Brand } from '../../ui/brand.tsx';
import { Button } from '../../ui/button.tsx';
import { PageLoading } from '../../ui/page-loading.tsx';
import { Markdown } from '../lazy-parts.tsx';
import { OVER_LIMIT } from '../notebook-text.ts';
import { usePublicNoteQuery } from './data/public-note-query.ts';
import { renewSignedFiles, type SignedFile } from './signed-files.ts';
import './publish.css';

const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** Puts `<meta name=… content=…>` in the head while the page is shown. */
function useMeta(name: string, content: string) {
  useEffect(() => {
    const meta = document.createElement('meta');
    meta.name = name;
    meta.content = content;
    document.head.appendChild(meta);
    return () => meta.remove();
  }, [name, content]);
}

/** The signed URL of each of the note's files, renewed as signed-files.ts says; the images
 * shown (NoteImage caches them as ['attachments', 'url', path]) follow a renewed URL. */
function useSignedFiles(fresh: Record<string, string> | undefined, lifeSeconds: number) {
  const queryClient = useQueryClient();
  const kept = useRef(new Map<string, SignedFile>());
  useEffect(() => {
    if (!fresh) return;
    const { files, renewed } = renewSignedFiles(kept.current, fresh, Date.now(), lifeSeconds);
    kept.current = files;
    for (const path of renewed)
      queryClient.setQueryData(['attachments', 'url', path], files.get(path)!.url);
  }, [fresh, lifeSeconds, queryClient]);
  return useCallback(
    async (path: string) => {
      const url = kept.current.get(path)?.url ?? fresh?.[path];
      if (!url) throw new Error('This image is not part of the published note.');
      return url;
    },
    [fresh],
  );
}

function NotPublished({ wasShown }: { wasShown: boolean }) {
  return (
    <div className="public-note__sheet" data-testid="not-published">
      <h1 className="public-note__title">
        {wasShown ? 'This note is no longer published' : 'This note is not published'}
      </h1>
      <p>
        {wasShown
          ? 'Its owner turned the link off. Ask them for a new one if you still need it.'
          : 'The link may have been turned off, or it is not complete. Check it with the person who sent it.'}
      </p>
    </div>
  );
}

export function PublicNotePage() {
  const { token = '' } = useParams();
  const page = usePublicNoteQuery(token);
  const [wasShown, setWasShown] = useState(false);
  const data = page.data;
  const note = data?.published ? data.note : null;
  if (note && !wasShown) setWasShown(true);
  const resolveImage = useSignedFiles(
    data?.published ? data.files : undefined,
    data?.published ? data.expiresIn : 600,
  );
  useMeta('robots', 'noindex, nofollow');
  useMeta('referrer', 'no-referrer');
  useEffect(() => {
    document.title = note ? `${note.title.trim() || 'Untitled note'} · Sheaf` : 'Sheaf';
  }, [note]);

  let content;
  if (page.isPending) content = <PageLoading label="Opening the note…" />;
  else if (data && !data.published) content = <NotPublished wasShown={wasShown} />;
  else if (!note)
    content = (
      <Alert tone="error">
        {describeError(page.error).message}{' '}
        <Button variant="secondary" onClick={() => void page.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  else
    content = (
      <article className="public-note__sheet" aria-labelledby="public-note-title">
        <h1 className="public-note__title" id="public-note-title">
          {note.title.trim() || 'Untitled note'}
        </h1>
        <p className="public-note__meta">
          Updated <time dateTime={note.updated_at}>{when.format(new Date(note.updated_at))}</time>
          {note.text_is_earlier ? (
            <span className="badge badge--warning">{OVER_LIMIT}: an earlier text</span>
          ) : null}
        </p>
        <Suspense fallback={<PageLoading label="Loading the note…" />}>
          <Markdown source={note.body} resolveImage={resolveImage} />
        </Suspense>
        {page.error ? (
          <p className="public-note__sync" role="status">
            Could not check for changes: {describeError(page.error).message}
          </p>
        ) : null}
      </article>
    );

  return (
    <div className="public-note">
      <header className="public-note__bar">
        <Brand />
        <span className="public-note__tag">Published with Sheaf · read only</span>
      </header>
      <main className="public-note__main">{content}</main>
    </div>
  );
}
