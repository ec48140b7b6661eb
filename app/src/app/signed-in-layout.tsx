// The frame around signed-in pages: header with the user and "Sign out".
import { Outlet } from 'react-router';
import { useSubmit } from '../lib/forms/use-submit.ts';
import { useSignedIn, useSession } from '../lib/session/session-context.ts';
import { Alert } from '../ui/alert.tsx';
import { AppLayout } from '../ui/app-layout.tsx';
import { Button } from '../ui/button.tsx';

export function SignedInLayout() {
  const { user } = useSignedIn();
  const { signOut } = useSession();
  const submit = useSubmit();
  return (
    <AppLayout
      userLabel={user.email ?? (user.phone ? `+${user.phone}` : '')}
      actions={
        <Button
          variant="secondary"
          pending={submit.pending}
          onClick={() => void submit.run(() => signOut('local'))}
        >
          Sign out
        </Button>
      }
    >
      {submit.error ? <Alert tone="error">{submit.error}</Alert> : null}
      <Outlet />
    </AppLayout>
  );
}
