// Route guards. Protected pages need a session (and aal2 when a verified factor exists); guest
// pages (sign-in, sign-up …) send a signed-in user on to the page they wanted.
import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { forgetReturnTo, rememberReturnTo, returnToFor } from '../lib/session/paths.ts';
import { useSession } from '../lib/session/session-context.ts';
import { PageLoading } from '../ui/page-loading.tsx';

export function ProtectedGuard() {
  const { state } = useSession();
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  const allowed = state.status === 'signed-in' && !state.needsMfa;
  useEffect(() => {
    if (
      (state.status === 'signed-out' && !state.requested) ||
      (state.status === 'signed-in' && state.needsMfa)
    )
      rememberReturnTo(here);
    if (allowed) forgetReturnTo();
  }, [state, here, allowed]);
  if (state.status === 'loading') return <PageLoading label="Checking your session…" />;
  if (state.status === 'signed-out') return <Navigate to="/sign-in" replace />;
  if (state.needsMfa) return <Navigate to="/mfa" replace />;
  return <Outlet />;
}

export function GuestGuard() {
  const { state } = useSession();
  if (state.status === 'loading') return <PageLoading label="Checking your session…" />;
  if (state.status === 'signed-in') {
    const next = state.recovering
      ? '/reset-password'
      : state.needsMfa
        ? '/mfa'
        : (returnToFor(state.user.id) ?? '/');
    return <Navigate to={next} replace />;
  }
  return <Outlet />;
}
