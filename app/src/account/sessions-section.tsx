// Sign out of this device, of every other device, or everywhere.
import { useState } from 'react';
import { useSubmit } from '../lib/forms/use-submit.ts';
import { useSession } from '../lib/session/session-context.ts';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';

export function SessionsSection() {
  const { signOut } = useSession();
  const submit = useSubmit();
  const [othersDone, setOthersDone] = useState(false);
  const [which, setWhich] = useState<'local' | 'others' | 'global' | null>(null);

  async function run(scope: 'local' | 'others' | 'global') {
    setWhich(scope);
    setOthersDone(false);
    const ok = await submit.run(() => signOut(scope));
    if (ok && scope === 'others') setOthersDone(true);
  }

  return (
    <section className="panel" aria-labelledby="sessions-heading">
      <h2 className="panel__title" id="sessions-heading">
        Devices
      </h2>
      <p className="panel__lead">
        Signed in somewhere you no longer use? Sign out there from here.
      </p>
      {submit.error ? <Alert tone="error">{submit.error}</Alert> : null}
      {othersDone ? <Alert tone="info">You are signed out on every other device.</Alert> : null}
      <div className="actions">
        <Button
          variant="secondary"
          onClick={() => void run('local')}
          pending={submit.pending && which === 'local'}
          disabled={submit.pending}
        >
          Sign out of this device
        </Button>
        <Button
          variant="secondary"
          onClick={() => void run('others')}
          pending={submit.pending && which === 'others'}
          disabled={submit.pending}
        >
          Sign out of other devices
        </Button>
        <Button
          variant="secondary"
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
