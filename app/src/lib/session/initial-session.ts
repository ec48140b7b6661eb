// The session as the page opens, read while the first page's code loads (primeSession, called
// once at start), so the session provider begins signed in or signed out instead of loading:
// the guards let the page render in its first pass. The INITIAL_SESSION event that follows
// still decides; when it describes the same session the provider keeps the state it has (no
// second render), otherwise it takes the event's. Offline (or with the server not answering) an
// expired session makes auth-js retry its refresh for some 25 s before it answers: the session
// this device keeps is used as soon as the app knows the network is gone.
import { keptSession } from '../auth-client.ts';
import { reachability } from '../reachability.ts';
import type { Auth } from '../supabase.ts';
import { describeSession, sessionOrKept } from './describe-session.ts';
import type { SessionState } from './session-context.ts';
import type { Session } from '@supabase/supabase-js';

const primed = new WeakMap<Auth, { state: SessionState | null }>();

export function primeSession(auth: Auth): void {
  if (primed.has(auth)) return;
  const slot: { state: SessionState | null } = { state: null };
  primed.set(auth, slot);
  let settled = false;
  const settle = async (session: Session | null) => {
    const state: SessionState = session
      ? await describeSession(auth, session)
      : { status: 'signed-out', notice: null, requested: false };
    if (!settled) slot.state = state;
    settled = true;
  };
  // Without a network, the kept session at once rather than after auth-js's retries.
  const offDevice = whenNotOnline(async () => {
    const kept = await keptSession(auth);
    if (kept && !settled) await settle(kept);
  });
  void auth
    .getSession()
    .then(async ({ data }) => {
      offDevice();
      if (!settled) await settle(await sessionOrKept(auth, data.session));
    })
    .catch(() => undefined);
}

/**
 * For a provider still loading: the state of the session this device keeps, once the app knows
 * the network is gone (auth-js itself answers only after its retries); returns the cancel.
 */
export function keptStateOffline(auth: Auth, apply: (state: SessionState) => void): () => void {
  let cancelled = false;
  const off = whenNotOnline(async () => {
    const kept = await keptSession(auth);
    if (kept && !cancelled) {
      const state = await describeSession(auth, kept);
      if (!cancelled) apply(state);
    }
  });
  return () => {
    cancelled = true;
    off();
  };
}

/** Runs `fn` once the app knows it is offline or the server is not answering (now or later);
 * returns the cancel. */
function whenNotOnline(fn: () => void): () => void {
  if (reachability.state !== 'online') {
    fn();
    return () => undefined;
  }
  const off = reachability.subscribe((state) => {
    if (state === 'online') return;
    off();
    fn();
  });
  return off;
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
