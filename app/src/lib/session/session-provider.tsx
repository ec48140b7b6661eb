// Subscribes to onAuthStateChange once and carries out DESIGN.md's reaction to every event (see
// auth-event-plan.ts): state for the guards, cache clearing, navigation, notices.
import type { AuthChangeEvent, Session } from '@supabase/supabase-js';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useSupabase } from '../supabase.ts';
import { planAuthEvent } from './auth-event-plan.ts';
import { describeSession } from './describe-session.ts';
import { forgetReturnTo, peekReturnTo } from './paths.ts';
import { SessionContext, type SessionApi, type SessionState } from './session-context.ts';

export function SessionProvider({ children }: { children: ReactNode }) {
  const supabase = useSupabase();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const [state, setState] = useState<SessionState>({ status: 'loading' });
  const pathname = useRef(location.pathname);
  const signOutRequested = useRef(false);
  const afterSignOut = useRef<string | null>(null);
  const recovering = useRef(false);

  useEffect(() => {
    pathname.current = location.pathname;
  }, [location.pathname]);

  useEffect(() => {
    let latest = 0;
    const apply = async (event: AuthChangeEvent, session: Session | null, seq: number) => {
      const plan = planAuthEvent(event, {
        pathname: pathname.current,
        signOutRequestedHere: signOutRequested.current,
        afterSignOut: afterSignOut.current,
      });
      if (event === 'SIGNED_OUT') {
        signOutRequested.current = false;
        afterSignOut.current = null;
      }
      if (event === 'PASSWORD_RECOVERY') recovering.current = true;
      if (event === 'SIGNED_OUT' || event === 'USER_UPDATED') recovering.current = false;
      const next: SessionState = session
        ? await describeSession(supabase, session, recovering.current)
        : { status: 'signed-out', notice: plan.notice, requested: plan.forgetReturnTo };
      if (seq !== latest) return; // a newer event already decided the state
      if (plan.clearCache) queryClient.clear();
      if (plan.forgetReturnTo) forgetReturnTo();
      setState(next);
      if (plan.refetch) void queryClient.invalidateQueries();
      if (plan.navigate === 'return-to') {
        const target =
          next.status === 'signed-in' && next.needsMfa ? '/mfa' : (peekReturnTo() ?? '/');
        navigate(target, { replace: true });
      } else if (plan.navigate) {
        navigate(plan.navigate, { replace: true });
      }
    };
    const { data } = supabase.auth.onAuthStateChange((event, session) => {
      const seq = ++latest;
      // auth-js holds its lock while it notifies; calling it from inside would deadlock.
      setTimeout(() => void apply(event, session, seq), 0);
    });
    return () => data.subscription.unsubscribe();
  }, [supabase, queryClient, navigate]);

  const signOut = useCallback<SessionApi['signOut']>(
    async (scope = 'local', options = {}) => {
      if (scope !== 'others') {
        signOutRequested.current = true;
        afterSignOut.current = options.then ?? null;
      }
      const { error } = await supabase.auth.signOut({ scope });
      if (error) {
        signOutRequested.current = false;
        afterSignOut.current = null;
      }
      return { error };
    },
    [supabase],
  );

  const api = useMemo<SessionApi>(() => ({ state, signOut }), [state, signOut]);
  return <SessionContext.Provider value={api}>{children}</SessionContext.Provider>;
}
