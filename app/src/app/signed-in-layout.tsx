// The frame around signed-in pages: header with navigation, the user and "Sign out"; the user
// is checked with the server as pages open (a revoked session signs out).
import { NavLink, Outlet } from 'react-router';
import { useSubmit } from '../lib/forms/use-submit.ts';
import { useSignedIn, useSession } from '../lib/session/session-context.ts';
import { useUserCheck } from '../lib/session/use-user-check.ts';
import { Alert } from '../ui/alert.tsx';
import { AppLayout } from '../ui/app-layout.tsx';
import { Button } from '../ui/button.tsx';

export function SignedInLayout() {
  const { user } = useSignedIn();
  const { signOut } = useSession();
  const submit = useSubmit();
  useUserCheck(user.id);
  return (
    <AppLayout
      userLabel={user.email ?? (user.phone ? `+${user.phone}` : '')}
      nav={
        <nav className="app-nav" aria-label="Main">
          <NavLink to="/" end>
            Notebooks
          </NavLink>
          <NavLink to="/settings">Settings</NavLink>
        </nav>
      }
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
