// One member: name and role. The owner changes the role of editors and viewers or removes them.
import { describeError } from '../lib/errors/describe-error.ts';
import { Button } from '../ui/button.tsx';
import { useChangeRoleMutation, useRemoveMemberMutation } from './data/member-mutations.ts';
import type { Member } from './data/types.ts';

const LABEL = { owner: 'Owner', editor: 'Editor', viewer: 'Viewer' } as const;

interface Props {
  notebookId: string;
  member: Member;
  isMe: boolean;
  manage: boolean;
}

export function MemberRow({ notebookId, member, isMe, manage }: Props) {
  const change = useChangeRoleMutation(notebookId);
  const remove = useRemoveMemberMutation(notebookId);
  const name = `${member.display_name ?? 'Someone'}${isMe ? ' (you)' : ''}`;
  const error = change.error ?? remove.error;
  return (
    <li className="member" data-testid="member">
      <span className="member__name">{name}</span>
      {manage && member.role !== 'owner' ? (
        <span className="member__actions">
          <select
            className="field__input"
            aria-label={`Role of ${name}`}
            value={member.role}
            disabled={change.isPending}
            onChange={(e) =>
              change.mutate({
                userId: member.user_id,
                role: e.target.value as 'editor' | 'viewer',
              })
            }
          >
            <option value="viewer">Viewer</option>
            <option value="editor">Editor</option>
          </select>
          <Button
            variant="danger"
            pending={remove.isPending}
            onClick={() => remove.mutate(member.user_id)}
          >
            Remove<span className="visually-hidden"> {name}</span>
          </Button>
        </span>
      ) : (
        <span className="badge">{LABEL[member.role]}</span>
      )}
      {error ? (
        <span className="field__error member__error" role="alert">
          {describeError(error).message}
        </span>
      ) : null}
    </li>
  );
}
