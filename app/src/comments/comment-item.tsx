// One comment: who wrote it, when, whether it was edited, and — for its author, while they may
// comment — Edit and Delete.
import { useState } from 'react';
import { describeError } from '../lib/errors/describe-error.ts';
import { splitMentions } from '../lib/text/mentions.ts';
import { Button } from '../ui/button.tsx';
import { CommentForm } from './comment-form.tsx';
import { useDeleteCommentMutation } from './data/delete-comment-mutation.ts';
import { useEditCommentMutation } from './data/edit-comment-mutation.ts';
import type { Comment } from './data/types.ts';
import { useCommentPeople } from './mention-people.tsx';

interface Props {
  comment: Comment;
  noteId: string;
  mine: boolean;
  canComment: boolean;
}

const when = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export function CommentItem({ comment, noteId, mine, canComment }: Props) {
  const [editing, setEditing] = useState(false);
  const edit = useEditCommentMutation(noteId);
  const { onPosted } = useCommentPeople();
  const remove = useDeleteCommentMutation(noteId);
  const error = edit.error ?? remove.error;
  return (
    <li className="comment" data-testid="comment">
      <p className="comment__meta">
        <strong>{comment.author_name}</strong>{' '}
        <time dateTime={comment.created_at}>{when(comment.created_at)}</time>
        {comment.edited_at ? <span className="comment__edited"> (edited)</span> : null}
      </p>
      {editing ? (
        <CommentForm
          label="Edit your comment"
          submitLabel="Save"
          initial={comment.body}
          autoFocus
          pending={edit.isPending}
          error={edit.error ? describeError(edit.error).message : null}
          onSubmit={(body) =>
            edit.mutate(
              { id: comment.id, body },
              {
                onSuccess: () => {
                  setEditing(false);
                  onPosted?.();
                },
              },
            )
          }
          onCancel={() => setEditing(false)}
        />
      ) : (
        <p className="comment__body">
          {splitMentions(comment.body).map((piece, i) =>
            typeof piece === 'string' ? (
              piece
            ) : (
              <span key={i} className="comment__mention">
                @{piece.name}
              </span>
            ),
          )}
        </p>
      )}
      {mine && canComment && !editing ? (
        <div className="comment__actions">
          <Button variant="secondary" onClick={() => setEditing(true)}>
            Edit<span className="visually-hidden"> your comment</span>
          </Button>
          <Button
            variant="danger"
            pending={remove.isPending}
            onClick={() => remove.mutate(comment.id)}
          >
            Delete<span className="visually-hidden"> your comment</span>
          </Button>
        </div>
      ) : null}
      {error && !editing ? (
        <p className="field__error" role="alert">
          {describeError(error).message}
        </p>
      ) : null}
    </li>
  );
}
