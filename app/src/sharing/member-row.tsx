// One member: name and role. The owner changes the role of editors, commenters and viewers or removes them;
// removing asks first, naming the person and what happens (they lose access at once, the notes
// they wrote stay), and says when it is done.
import { ROLE_LABEL, type GrantableRole } from '../lib/roles.ts';
import { useLayoutEffect, useRef, useState } from 'react';
import { describeError } from '../lib/errors/describe-error.ts';
import { runThen } from '../lib/query/run-then.ts';
import { Button } from '../ui/button.tsx';
import { ConfirmAction } from './confirm-action.tsx';
import { useChangeRoleMutation, useRemoveMemberMutation } from './data/member-mutations.ts';
import type { Member } from './data/types.ts';

interface Props {
  notebookId: string;
  notebookName: string;
  member: Member;
  isMe: boolean;
  manage: boolean;
  /** The member was removed (their row goes with the refetch). */
  onRemoved?(name: string): void;
}

export function MemberRow({ notebookId, notebookName, member, isMe, manage, onRemoved }: Props) {
  const change = useChangeRoleMutation(notebookId);
  const remove = useRemoveMemberMutation(notebookId);
  const [confirming, setConfirming] = useState(false);
  const row = useRef<HTMLLIElement>(null);
  const focusRemove = useRef(false);
  const person = member.display_name ?? 'Someone';
  const name = `${person}${isMe ? ' (you)' : ''}`;
  const error = change.error ?? remove.error;

  useLayoutEffect(() => {
    if (confirming || !focusRemove.current) return;
    focusRemove.current = false;
    row.current?.querySelector<HTMLButtonElement>('.member__remove')?.focus();
  }, [confirming]);

  function cancel() {
    focusRemove.current = true;
    setConfirming(false);
  }

  return (
    <li className="member" data-testid="member" ref={row}>
      <span className="member__name">{name}</span>
      {manage && member.role !== 'owner' ? (
        <span className="member__actions">
          <select
            className="field__input"
            aria-label={`Role of ${name}`}
            value={member.role}
            disabled={change.isPending || remove.isPending}
            onChange={(e) =>
              change.mutate({
                userId: member.user_id,
                role: e.target.value as GrantableRole,
              })
            }
          >
            <option value="viewer">Viewer</option>
            <option value="commenter">Commenter</option>
            <option value="editor">Editor</option>
          </select>
          {confirming ? null : (
            <Button className="member__remove" variant="danger" onClick={() => setConfirming(true)}>
              Remove<span className="visually-hidden"> {name}</span>
            </Button>
          )}
        </span>
      ) : (
        <span className="badge">{ROLE_LABEL[member.role]}</span>
      )}
      {confirming ? (
        <ConfirmAction
          question={`Remove ${person} from ${notebookName}?`}
          confirmLabel={`Remove ${person}`}
          pending={remove.isPending}
          onCancel={cancel}
          onConfirm={() =>
            // The row goes with the refetch, perhaps before this answer is read.
            void runThen(remove, member.user_id, () => onRemoved?.(person)).then((done) => {
              if (done === null) setConfirming(false);
            })
          }
        >
          <p>They lose access at once.</p>
          <p>The notes they wrote stay in the notebook.</p>
        </ConfirmAction>
      ) : null}
      {error ? (
        <span className="field__error member__error" role="alert">
          {describeError(error).message}
        </span>
      ) : null}
    </li>
  );
}
