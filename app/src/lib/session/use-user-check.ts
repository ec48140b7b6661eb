// Keeps asking the server whether this session still stands, so a session ended elsewhere (another
// device's "Sign out of other devices" or "Sign out everywhere", a session ended from the
// sessions list, the account deleted) leaves this tab within seconds rather than when it next
// navigates:
// - when a signed-in page opens and whenever the tab regains focus, Auth is asked who the user is
//   (GET /user answers session_not_found for an ended session);
// - every 15 s while the tab is visible (and on focus), touch_my_session() says whether the
//   session still exists — one small request, which also records the session's activity for
//   "Last active" in the sessions list; when it says no, Auth is asked to confirm.
// auth-js turns Auth's session_not_found into SIGNED_OUT, which sends every tab of this browser to
// /sign-in with a sentence saying it was signed out elsewhere. Meanwhile Postgres already refuses
// the ended session’s requests (public.mfa_satisfied(), in every policy).
import { useQuery } from '@tanstack/react-query';
import { useContext } from 'react';
import { SupabaseContext, useAuth, type Auth } from '../supabase.ts';
import { noteEndedElsewhere, takeEndedElsewhere } from './ended-elsewhere.ts';

/** How often a visible tab asks whether its session still stands. */
export const SESSION_CHECK_INTERVAL_MS = 15_000;

/** Auth's answer for a session that no longer exists (auth-js names the error so). */
function endedOnServer(error: { name?: string; code?: string } | null): boolean {
  return error?.name === 'AuthSessionMissingError' || error?.code === 'session_not_found';
}

async function askAuth(auth: Auth) {
  const { data, error } = await auth.getUser();
  if (endedOnServer(error)) noteEndedElsewhere();
  if (error) throw error;
  return data.user;
}

export function useUserCheck(userId: string): void {
  const auth = useAuth();
  const handle = useContext(SupabaseContext);
  useQuery({
    queryKey: ['auth', 'user', userId],
    queryFn: () => askAuth(auth),
    staleTime: 60_000,
    refetchOnWindowFocus: true,
    retry: false,
  });
  useQuery({
    queryKey: ['auth', 'session-live', userId],
    queryFn: async () => {
      if (!handle) return true;
      const rest = await handle.rest();
      const { data, error } = await rest.rpc('touch_my_session');
      if (error) throw error;
      if (data === false) {
        // The database no longer knows this session: Auth confirms, and signs this tab out.
        noteEndedElsewhere();
        await askAuth(auth);
        takeEndedElsewhere(); // Auth still knows it (it may be a moment behind): nothing ended
      }
      return data;
    },
    // The first check waits for the interval (the page's own requests go first); the user
    // check above runs as the page opens.
    initialData: true,
    refetchOnMount: false,
    refetchOnWindowFocus: 'always',
    refetchInterval: SESSION_CHECK_INTERVAL_MS,
    refetchIntervalInBackground: false,
    retry: false,
  });
}
