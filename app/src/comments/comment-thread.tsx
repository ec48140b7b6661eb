// One thread: the text it is about (a button that selects it in the note, unless the text is
// gone), its comments, a reply box and Resolve / Reopen for those who may comment. A long thread
// shows its first comment and its latest, with the replies between behind "Show N more replies"
// (all of them while it is the active thread). Drawn again only when what it shows changes: a
// note with many threads re-ranges them after every edit of its text.
import { Fragment, memo, useState } from 'react';
import { describeError } from '../lib/errors/describe-error.ts';
import { Button } from '../ui/button.tsx';
import type { Range } from './anchors.ts';
import { CommentForm } from './comment-form.tsx';
import { CommentItem } from './comment-item.tsx';
import { useReplyMutation } from './data/reply-mutation.ts';
import { useResolveThreadMutation } from './data/resolve-thread-mutation.ts';
import type { Thread } from './data/types.ts';
import { useCommentPeople } from './mention-people.tsx';

interface Props {
  thread: Thread;
  range: Range | null;
  active: boolean;
  userId: string;
  canComment: boolean;
  onShow(thread: Thread, range: Range): void;
}

/** Threads with more comments than this show the first and the latest until opened. */
const SHOWN = 3;

export const CommentThread = memo(function CommentThread({
  thread,
  range,
  active,
  userId,
  canComment,
  onShow,
}: Props) {
  const [expanded, setExpanded] = useState(false);
  const reply = useReplyMutation(thread);
  const { onPosted } = useCommentPeople();
  const resolve = useResolveThreadMutation(thread);
  const resolved = thread.resolved_at !== null;
  const quote = thread.quote.length > 140 ? `${thread.quote.slice(0, 140)}…` : thread.quote;
  const all = thread.comments;
  const folded = !expanded && !active && all.length > SHOWN;
  const shown = folded ? [all[0]!, all[all.length - 1]!] : all;
  const hidden = all.length - shown.length;
  return (
    <li
      className={`comment-thread${active ? ' comment-thread--active' : ''}`}
      data-testid="comment-thread"
      data-thread={thread.id}
      aria-label={`Comments on “${quote}”`}
    >
      {range ? (
        <button
          type="button"
          className="comment-thread__quote"
          onClick={() => onShow(thread, range)}
          aria-label={`Show “${quote}” in the note`}
        >
          “{quote}”
        </button>
      ) : (
        <p className="comment-thread__quote comment-thread__quote--gone">“{quote}”</p>
      )}
      <ul className="comment-thread__comments">
        {shown.map((c, i) => (
          <Fragment key={c.id}>
            {i === 1 && hidden > 0 ? (
              <li className="comment-thread__more">
                <Button variant="secondary" onClick={() => setExpanded(true)}>
                  Show {hidden} more {hidden === 1 ? 'reply' : 'replies'}
                  <span className="visually-hidden"> on “{quote}”</span>
                </Button>
              </li>
            ) : null}
            <CommentItem
              comment={c}
              noteId={thread.note_id}
              mine={c.author_id === userId}
              canComment={canComment}
            />
          </Fragment>
        ))}
      </ul>
      {canComment ? (
        <>
          {!resolved ? (
            <CommentForm
              label="Reply"
              submitLabel="Reply"
              pending={reply.isPending}
              error={reply.error ? describeError(reply.error).message : null}
              onSubmit={(body) => reply.mutate(body, { onSuccess: () => onPosted?.() })}
            />
          ) : null}
          <div className="comment-thread__actions">
            <Button
              variant="secondary"
              pending={resolve.isPending}
              onClick={() => resolve.mutate(!resolved)}
            >
              {resolved ? 'Reopen' : 'Resolve'}
              <span className="visually-hidden"> the thread on “{quote}”</span>
            </Button>
          </div>
          {resolve.error ? (
            <p className="field__error" role="alert">
              {describeError(resolve.error).message}
            </p>
          ) : null}
        </>
      ) : null}
    </li>
  );
}, sameThread);

/** Whether a thread draws the same: its rows, where its text is, and how it is shown. */
function sameThread(a: Props, b: Props): boolean {
  return (
    a.thread === b.thread &&
    a.range?.from === b.range?.from &&
    a.range?.to === b.range?.to &&
    a.active === b.active &&
    a.userId === b.userId &&
    a.canComment === b.canComment &&
    a.onShow === b.onShow
  );
}
