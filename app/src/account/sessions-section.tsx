// Devices and sessions: where the account is signed in (this device marked), signing one device
// out, every other device, or everywhere (which ends on a page saying so).
import { useState } from 'react';
import { describeError } from '../lib/errors/describe-error.ts';
import { useSubmit } from '../lib/forms/use-submit.ts';
import { useSession, useSignedIn } from '../lib/session/session-context.ts';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { describeDevice } from './api/describe-device.ts';
import { useEndSessionMutation } from './api/end-session-mutation.ts';
import { useSessionsQuery, type DeviceSession } from './api/sessions-query.ts';
import './account.css';

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function when(value: string | null): string {
  if (!value) return 'unknown';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? 'unknown' : dateTime.format(date);
}

function DeviceRow({ session, userId }: { session: DeviceSession; userId: string }) {
  const end = useEndSessionMutation(userId);
  const name = describeDevice(session.user_agent);
  return (
    <li className="list__item device">
      <div className="device__main">
        <span className="device__name">
          {name}
          {session.current ? <span className="badge">This device</span> : null}
        </span>
        <span className="device__meta">
          Signed in {when(session.created_at)} · last active {when(session.last_active_at)}
          {session.ip ? ` · IP ${session.ip}` : ''}
          {session.aal === 'aal2' ? ' · verified with two steps' : ''}
        </span>
        {end.error ? (
          <span className="field__error" role="alert">
            {describeError(end.error).message}
          </span>
        ) : null}
      </div>
      {session.current ? null : (
        <Button
          variant="secondary"
          pending={end.isPending}
          aria-label={`Sign out ${name}, signed in ${when(session.created_at)}`}
          onClick={() => end.mutate(session.id)}
        >
          Sign out
        </Button>
      )}
    </li>
  );
}

export function SessionsSection() {
  const { signOut } = useSession();
  const { user } = useSignedIn();
  const sessions = useSessionsQuery(user.id);
  const submit = useSubmit();
  const [othersDone, setOthersDone] = useState(false);
  const [which, setWhich] = useState<'local' | 'others' | 'global' | null>(null);

  async function run(scope: 'local' | 'others' | 'global') {
    setWhich(scope);
    setOthersDone(false);
    const then = scope === 'global' ? '/signed-out?reason=everywhere' : undefined;
    const ok = await submit.run(() => signOut(scope, { then }));
    if (ok && scope === 'others') {
      setOthersDone(true);
      void sessions.refetch();
    }
  }

  const list = sessions.data ?? [];
  return (
    <section className="panel" aria-labelledby="sessions-heading">
      <h2 className="panel__title" id="sessions-heading">
        Devices and sessions
      </h2>
      <p className="panel__lead">
        Where your account is signed in. Sign out anywhere you no longer use or do not recognise.
      </p>
      {sessions.error ? (
        <Alert tone="error">{describeError(sessions.error).message}</Alert>
      ) : sessions.isPending ? (
        <p className="empty">Loading your devices…</p>
      ) : (
        <ul className="list" aria-label="Signed-in devices">
          {list.map((s) => (
            <DeviceRow key={s.id} session={s} userId={user.id} />
          ))}
        </ul>
      )}
      {submit.error ? <Alert tone="error">{submit.error}</Alert> : null}
      {othersDone ? <Alert tone="info">You are signed out on every other device.</Alert> : null}
      <div className="actions">
        <Button
          variant="secondary"
          onClick={() => void run('others')}
          pending={submit.pending && which === 'others'}
          disabled={submit.pending || (sessions.isSuccess && list.length < 2)}
        >
          Sign out of other devices
        </Button>
        <Button
          variant="secondary"
          onClick={() => void run('local')}
          pending={submit.pending && which === 'local'}
          disabled={submit.pending}
        >
          Sign out of this device
        </Button>
        <Button
          variant="danger"
          onClick={() => void run('global')}
          pending={submit.pending && which === 'global'}
          disabled={submit.pending}
        >
          Sign out everywhere
        </Button>
      </div>
    </section>
  );
}
