// Who a notebook is shared with. The owner invites by email, changes roles, removes members and
// cancels pending invitations; any other member sees the list and can leave. Removing someone
// and leaving both ask first and say what happens.
import { ROLE_LABEL } from '../lib/roles.ts';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { describeError } from '../lib/errors/describe-error.ts';
import { runThen } from '../lib/query/run-then.ts';
import { useSignedIn } from '../lib/session/session-context.ts';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { PageLoading } from '../ui/page-loading.tsx';
import { useInvitationsQuery } from './data/invitations-query.ts';
import { useCancelInvitationMutation, useRemoveMemberMutation } from './data/member-mutations.ts';
import { useMembersQuery } from './data/members-query.ts';
import type { Role } from './data/types.ts';
import { ConfirmAction } from './confirm-action.tsx';
import { InviteForm } from './invite-form.tsx';
import { MemberRow } from './member-row.tsx';
import './sharing.css';

interface Props {
  notebook: { id: string; name: string; role: Role };
}

export function SharingPanel({ notebook }: Props) {
  const { user } = useSignedIn();
  const owner = notebook.role === 'owner';
  const members = useMembersQuery(notebook.id);
  const invitations = useInvitationsQuery(notebook.id, owner);
  const cancel = useCancelInvitationMutation(notebook.id);
  const leave = useRemoveMemberMutation(notebook.id);
  const navigate = useNavigate();
  const [removed, setRemoved] = useState<string | null>(null);
  const [leaving, setLeaving] = useState(false);
  const said = useRef<HTMLParagraphElement>(null);
  const actions = useRef<HTMLDivElement>(null);

  return (
    <section className="panel" aria-labelledby="sharing-heading">
      <h2 className="panel__title" id="sharing-heading">
        Sharing
      </h2>
      {owner ? <InviteForm notebookId={notebook.id} /> : null}
      {members.isPending ? <PageLoading label="Loading members…" /> : null}
      {members.isError ? <Alert tone="error">{describeError(members.error).message}</Alert> : null}
      {members.data ? (
        <ul className="member-list" aria-label="Members">
          {members.data.map((m) => (
            <MemberRow
              key={m.user_id}
              notebookId={notebook.id}
              member={m}
              notebookName={notebook.name}
              isMe={m.user_id === user.id}
              manage={owner}
              onRemoved={(name) => {
                setRemoved(`${name} no longer has access to ${notebook.name}.`);
                // Their row is gone: keep the keyboard in the dialog, on the sentence saying so.
                requestAnimationFrame(() => said.current?.focus());
              }}
            />
          ))}
        </ul>
      ) : null}
      <p className="sharing-said" role="status" ref={said} tabIndex={-1}>
        {removed}
      </p>
      {owner && invitations.data && invitations.data.length > 0 ? (
        <>
          <h3>Pending invitations</h3>
          <ul className="member-list" aria-label="Pending invitations">
            {invitations.data.map((i) => (
              <li className="member" key={i.id}>
                <span className="member__name">
                  {i.email} <span className="badge">{ROLE_LABEL[i.role]}</span>
                </span>
                <Button variant="secondary" onClick={() => cancel.mutate(i.id)}>
                  Cancel invitation<span className="visually-hidden"> for {i.email}</span>
                </Button>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {cancel.error ? <Alert tone="error">{describeError(cancel.error).message}</Alert> : null}
      {!owner ? (
        <div className="actions" ref={actions}>
          {leaving ? (
            <ConfirmAction
              question={`Leave ${notebook.name}?`}
              confirmLabel={`Leave ${notebook.name}`}
              pending={leave.isPending}
              onCancel={() => {
                setLeaving(false);
                requestAnimationFrame(() =>
                  actions.current?.querySelector<HTMLButtonElement>('button')?.focus(),
                );
              }}
              onConfirm={() =>
                // The membership ends live too, which may close this panel before the answer.
                void runThen(leave, user.id, () => navigate('/', { replace: true }))
              }
            >
              <p>You lose access at once.</p>
              <p>The notes you wrote stay in the notebook; only its owner can add you again.</p>
            </ConfirmAction>
          ) : (
            <Button variant="danger" onClick={() => setLeaving(true)}>
              Leave notebook
            </Button>
          )}
          {leave.error ? <Alert tone="error">{describeError(leave.error).message}</Alert> : null}
        </div>
      ) : null}
    </section>
  );
}
