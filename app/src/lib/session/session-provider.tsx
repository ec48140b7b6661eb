// Subscribes to onAuthStateChange once and carries out DESIGN.md's reaction to every event (see
// auth-event-plan.ts): state for the guards, cache clearing, navigation, notices. It starts from
// the session read while the page's code loaded (initial-session.ts), not from "loading".
import type { AuthChangeEvent, Session } from '@supabase/supabase-js';
import { useQueryClient } from '@tanstack/react-query';
import {
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { useLocation, useNavigate } from 'react-router';
import { refreshNow } from '../auth-client.ts';
import { forgetEarlyRequests } from '../early-requests.ts';
import { SupabaseContext, useAuth, type SupabaseHandle } from '../supabase.ts';
import { ENDED_ELSEWHERE_NOTICE, planAuthEvent, SIGNED_OUT_NOTICE } from './auth-event-plan.ts';
import { onEndedElsewhere, takeEndedElsewhere } from './ended-elsewhere.ts';
import { reachability } from '../reachability.ts';
import { describeSession, sessionOrKept, verifiedClaims } from './describe-session.ts';
import { initialSession, keptStateOffline, sameSession } from './initial-session.ts';
import {
  forgetReturnTo,
  notebookOf,
  peekReturnTo,
  rememberReturnTo,
  returnToFor,
} from './paths.ts';
import { SessionContext, type SessionApi, type SessionState } from './session-context.ts';

/** Resolves once the page has settled: a second after it asked, when the browser is idle. */
function afterSettled(): Promise<void> {
  return new Promise((resolve) =>
    setTimeout(() => {
      if (typeof requestIdleCallback === 'function')
        requestIdleCallback(() => resolve(), { timeout: 1000 });
      else resolve();
    }, 1000),
  );
}

/**
 * Makes the remembered page one this person may be sent to: another person's is forgotten, and
 * so is a notebook they can no longer open (they start at their home instead of "Notebook not
 * found"). Asked only when a notebook's page is remembered; on a failed request it is kept.
 */
async function settleReturnTo(handle: SupabaseHandle | null, userId: string): Promise<void> {
  const path = returnToFor(userId);
  const notebookId = path ? notebookOf(path) : null;
  if (!notebookId || !handle) return;
  try {
    const rest = await handle.rest();
    const { data, error } = await rest
      .from('notebooks')
      .select('id')
      .eq('id', notebookId)
      .maybeSingle();
    if (!error && !data) forgetReturnTo();
  } catch {
    // offline or the chunk failed: the page itself will say what is wrong
  }
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const auth = useAuth();
  const handle = useContext(SupabaseContext);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const [state, setState] = useState<SessionState>(() => initialSession(auth));
  const where = useRef(location);
  const signOutRequested = useRef(false);
  const afterSignOut = useRef<string | null>(null);
  const endingOn = useRef<string | null>(null);
  const recovering = useRef(false);
  const lastUserId = useRef<string | null>(null);

  useEffect(() => {
    where.current = location;
  }, [location]);

  // Back online (or the server answering again): a session kept while offline is refreshed now
  // (TOKEN_REFRESHED), or ends if it was revoked meanwhile (SIGNED_OUT).
  useEffect(() => reachability.onResume(() => void refreshNow(auth)), [auth]);
  // Still loading without a network: the session kept here, rather than waiting for auth-js.
  const loading = state.status === 'loading';
  useEffect(() => {
    if (!loading) return;
    return keptStateOffline(auth, (kept) =>
      setState((now) => (now.status === 'loading' ? kept : now)),
    );
  }, [auth, loading]);

  useEffect(() => {
    let latest = 0;
    const apply = async (event: AuthChangeEvent, given: Session | null, seq: number) => {
      // No session at the start only for want of a network: the one this device keeps.
      const session = event === 'INITIAL_SESSION' ? await sessionOrKept(auth, given) : given;
      const plan = planAuthEvent(event, {
        pathname: where.current.pathname,
        signOutRequestedHere: signOutRequested.current,
        afterSignOut: afterSignOut.current,
        endedElsewhere: event === 'SIGNED_OUT' && !signOutRequested.current && takeEndedElsewhere(),
      });
      // A page this tab asked to end on lies outside the route guards: go there before the state
      // changes, or the protected guard would send the tab to /sign-in while that page loads.
      const endPage =
        event === 'SIGNED_OUT' && signOutRequested.current ? afterSignOut.current : null;
      // auth-js may report the same sign-out again (a request that finds no session); a tab on
      // its way to such a page stays there.
      const repeated = event === 'SIGNED_OUT' && !endPage && endingOn.current !== null;
      if (event === 'SIGNED_OUT') endingOn.current = endPage ?? endingOn.current;
      else if (session) endingOn.current = null;
      if (event === 'SIGNED_OUT') {
        signOutRequested.current = false;
        afterSignOut.current = null;
      }
      const leavingUser = event === 'SIGNED_OUT' ? lastUserId.current : null;
      // Signed out: this device forgets the person's note copies, except unsaved edits.
      if (session) lastUserId.current = session.user.id;
      else if (event === 'SIGNED_OUT' && lastUserId.current) {
        const userId = lastUserId.current;
        lastUserId.current = null;
        void import('../collab/local-copies.ts')
          .then((m) => m.forgetLocalCopies(userId))
          .catch(() => undefined);
      }
      if (event === 'PASSWORD_RECOVERY') recovering.current = true;
      if (event === 'SIGNED_OUT' || event === 'USER_UPDATED') recovering.current = false;
      if (session && (event === 'SIGNED_IN' || event === 'INITIAL_SESSION'))
        await settleReturnTo(handle, session.user.id);
      const next: SessionState = session
        ? await describeSession(auth, session, recovering.current)
        : {
            status: 'signed-out',
            notice: repeated ? null : plan.notice,
            requested: repeated || plan.forgetReturnTo,
          };
      if (endPage) {
        await navigate(endPage, { replace: true });
        // The router renders the new page in a transition; wait until it is on screen, so the
        // signed-out state cannot reach the protected page first.
        const path = endPage.split('?')[0];
        for (let i = 0; i < 100 && where.current.pathname !== path; i++)
          await new Promise((resolve) => setTimeout(resolve, 20));
      }
      if (seq !== latest) return; // a newer event already decided the state
      if (plan.clearCache) {
        queryClient.clear();
        forgetEarlyRequests();
      }
      if (plan.forgetReturnTo) forgetReturnTo();
      if (plan.rememberPage && !repeated)
        rememberReturnTo(
          `${where.current.pathname}${where.current.search}`,
          leavingUser ?? undefined,
        );
      // The same session as shown (the one read at start, or a repeated event): keep the state,
      // so the page does not render again.
      setState((now) => (sameSession(now, next) ? now : next));
      if (plan.refetch) void queryClient.invalidateQueries();
      if (plan.navigate === 'return-to') {
        const target =
          next.status === 'signed-in' && next.needsMfa
            ? '/mfa'
            : next.status === 'signed-in'
              ? (returnToFor(next.user.id) ?? '/')
              : (peekReturnTo() ?? '/');
        navigate(target, { replace: true });
      } else if (plan.navigate && !endPage && !repeated) {
        navigate(plan.navigate, { replace: true });
      }
      if (next.status === 'signed-in') {
        // The page does not wait for the claims: they are verified once it has settled (the
        // first check may fetch the JWKS), and follow.
        await afterSettled();
        const claims = await verifiedClaims(auth);
        const token = next.session.access_token;
        if (seq === latest && claims)
          setState((s) =>
            s.status === 'signed-in' && s.session.access_token === token ? { ...s, claims } : s,
          );
      }
    };
    const { data } = auth.onAuthStateChange((event, session) => {
      const seq = ++latest;
      // auth-js holds its lock while it notifies; calling it from inside would deadlock.
      setTimeout(() => void apply(event, session, seq), 0);
    });
    return () => data.subscription.unsubscribe();
  }, [auth, handle, queryClient, navigate]);

  // The server's word that the session ended elsewhere may come just after the sign-out it
  // caused: the sentence then changes to say so.
  useEffect(
    () =>
      onEndedElsewhere(() =>
        setState((now) =>
          now.status === 'signed-out' && !now.requested && now.notice === SIGNED_OUT_NOTICE
            ? { ...now, notice: ENDED_ELSEWHERE_NOTICE }
            : now,
        ),
      ),
    [],
  );

  const signOut = useCallback<SessionApi['signOut']>(
    async (scope = 'local', options = {}) => {
      if (scope !== 'others') {
        signOutRequested.current = true;
        afterSignOut.current = options.then ?? null;
      }
      const { error } = await auth.signOut({ scope });
      if (error) {
        signOutRequested.current = false;
        afterSignOut.current = null;
      }
      return { error };
    },
    [auth],
  );

  const api = useMemo<SessionApi>(() => ({ state, signOut }), [state, signOut]);
  return <SessionContext.Provider value={api}>{children}</SessionContext.Provider>;
}
