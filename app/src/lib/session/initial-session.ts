// The session as the page opens, read while the first page's code loads (primeSession, called
// once at start), so the session provider begins signed in or signed out instead of loading:
// the guards let the page render in its first pass. The INITIAL_SESSION event that follows
// still decides; when it describes the same session the provider keeps the state it has (no
// second render), otherwise it takes the event's.
import type { Auth } from '../supabase.ts';
import { describeSession } from './describe-session.ts';
import type { SessionState } from './session-context.ts';

const primed = new WeakMap<Auth, { state: SessionState | null }>();

export function primeSession(auth: Auth): void {
  if (primed.has(auth)) return;
  const slot: { state: SessionState | null } = { state: null };
  primed.set(auth, slot);
  void auth
    .getSession()
    .then(async ({ data }) => {
      slot.state = data.session
        ? await describeSession(auth, data.session)
        : { status: 'signed-out', notice: null, requested: false };
    })
    .catch(() => undefined);
}

/** The primed state when it is ready, else loading. */
export function initialSession(auth: Auth): SessionState {
  return primed.get(auth)?.state ?? { status: 'loading' };
}

/** Whether two states show the same thing to the page: the same token, the same user as the
 * server last described them (USER_UPDATED keeps the token but brings new metadata, email or
 * factors), and the same levels and flags. */
export function sameSession(a: SessionState, b: SessionState): boolean {
  if (a.status === 'loading' || b.status === 'loading') return a.status === b.status;
  if (a.status === 'signed-out' || b.status === 'signed-out')
    return (
      a.status === 'signed-out' &&
      b.status === 'signed-out' &&
      a.notice === b.notice &&
      a.requested === b.requested
    );
  return (
    a.session.access_token === b.session.access_token &&
    (a.user === b.user || JSON.stringify(a.user) === JSON.stringify(b.user)) &&
    a.aal.current === b.aal.current &&
    a.aal.next === b.aal.next &&
    a.needsMfa === b.needsMfa &&
    a.recovering === b.recovering
  );
}
