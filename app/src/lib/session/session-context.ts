// The session as the app sees it: loading, signed out (with an optional notice), or signed in
// with verified claims and the assurance level. Read it with useSession().
import type {
  AuthenticatorAssuranceLevels,
  JwtPayload,
  Session,
  User,
} from '@supabase/supabase-js';
import { createContext, useContext } from 'react';

export interface SignedIn {
  status: 'signed-in';
  session: Session;
  user: User;
  /** Claims verified by getClaims(); null until verified, or when they cannot be (offline). */
  claims: JwtPayload | null;
  aal: { current: AuthenticatorAssuranceLevels | null; next: AuthenticatorAssuranceLevels | null };
  /** A verified factor exists and this session is still at aal1: /mfa comes first. */
  needsMfa: boolean;
  /** Signed in by a recovery link or code: a new password is due (/reset-password). */
  recovering: boolean;
}

export interface SignedOut {
  status: 'signed-out';
  notice: string | null;
  /** This tab asked for the sign-out: the next sign-in starts at home, not where it was. */
  requested: boolean;
}

export type SessionState = { status: 'loading' } | SignedOut | SignedIn;

export interface SessionApi {
  state: SessionState;
  /** Signs out ('local' this device, 'global' everywhere, 'others' other devices); `then` is
   * the page this tab ends on (default /sign-in). */
  signOut(
    scope?: 'local' | 'global' | 'others',
    options?: { then?: string },
  ): Promise<{ error: unknown }>;
}

export const SessionContext = createContext<SessionApi | null>(null);

export function useSession(): SessionApi {
  const api = useContext(SessionContext);
  if (!api) throw new Error('useSession() used outside of <SessionProvider>');
  return api;
}

/** The signed-in state; only for pages behind the protected guard. */
export function useSignedIn(): SignedIn {
  const { state } = useSession();
  if (state.status !== 'signed-in') throw new Error('useSignedIn() on a page without a session');
  return state;
}
