// What the app does for each auth event (DESIGN.md's session table), as a pure function so the
// table can be tested without a browser. The session provider carries the plan out.
import type { AuthChangeEvent } from '@supabase/supabase-js';
import { isGuestPath } from './paths.ts';

export interface EventContext {
  /** The page the user is on now. */
  pathname: string;
  /** Whether this tab asked for the sign-out itself (versus expiry, revocation, another tab). */
  signOutRequestedHere: boolean;
  /** Where this tab asked to go after its own sign-out (a page saying what happened). */
  afterSignOut?: string | null;
  /** The server said this session was ended elsewhere (another device, the sessions list). */
  endedElsewhere?: boolean;
}

export interface EventPlan {
  /** Leave the loading state (always; the new state comes from the event's session). */
  settle: true;
  /** Throw away every cached query (another user's data must never show). */
  clearCache: boolean;
  /** Refetch cached queries because the user changed (email, phone, profile). */
  refetch: boolean;
  /** 'return-to' means the page the user wanted (remembered by the guards), else "/". */
  navigate: string | 'return-to' | null;
  /** A sentence for the sign-in page after a sign-out the user did not ask for here. */
  notice: string | null;
  /** Forget the remembered page (an intended sign-out starts afresh next time). */
  forgetReturnTo: boolean;
  /** Remember the page the user is on, to come back to after signing in again (a sign-out they
   * did not ask for here). Done before leaving it: the protected guard remembers it too, but
   * only if it renders the signed-out state before the navigation takes it off screen. */
  rememberPage: boolean;
}

const NONE: EventPlan = {
  settle: true,
  clearCache: false,
  refetch: false,
  navigate: null,
  notice: null,
  forgetReturnTo: false,
  rememberPage: false,
};

export const SIGNED_OUT_NOTICE = 'You have been signed out. Sign in again to continue.';
export const ENDED_ELSEWHERE_NOTICE =
  'You were signed out from another device. Sign in again to continue.';

export function planAuthEvent(event: AuthChangeEvent, ctx: EventContext): EventPlan {
  switch (event) {
    case 'INITIAL_SESSION':
      // Route guards decide where a visitor may be once the loading state is gone.
      return NONE;
    case 'SIGNED_IN':
      // The guest guard sends the user to the page they wanted, or /mfa when aal2 is due.
      // auth-js also emits SIGNED_IN when a tab regains focus; on other pages nothing moves.
      return { ...NONE, navigate: isGuestPath(ctx.pathname) ? 'return-to' : null };
    case 'SIGNED_OUT':
      return {
        ...NONE,
        clearCache: true,
        navigate:
          (ctx.signOutRequestedHere ? ctx.afterSignOut : null) ??
          (ctx.pathname === '/sign-in' ? null : '/sign-in'),
        notice: ctx.signOutRequestedHere
          ? null
          : ctx.endedElsewhere
            ? ENDED_ELSEWHERE_NOTICE
            : SIGNED_OUT_NOTICE,
        forgetReturnTo: ctx.signOutRequestedHere,
        rememberPage: !ctx.signOutRequestedHere,
      };
    case 'TOKEN_REFRESHED':
      return NONE;
    case 'USER_UPDATED':
      return { ...NONE, refetch: true };
    case 'PASSWORD_RECOVERY':
      return { ...NONE, navigate: '/reset-password' };
    case 'MFA_CHALLENGE_VERIFIED':
      // Verifying while enrolling (on settings) stays put; the /mfa challenge continues onward.
      return { ...NONE, refetch: true, navigate: ctx.pathname === '/mfa' ? 'return-to' : null };
    default:
      return NONE;
  }
}
