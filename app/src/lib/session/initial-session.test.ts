import type { Session, User } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import { initialSession, primeSession, sameSession } from './initial-session.ts';
import type { SessionState, SignedIn } from './session-context.ts';
import type { Auth } from '../supabase.ts';

function signedIn(token: string, extra: Partial<SignedIn> = {}): SignedIn {
  const user = { id: 'user-1' } as Session['user'];
  return {
    status: 'signed-in',
    session: { access_token: token, user } as Session,
    user,
    claims: null,
    aal: { current: 'aal1', next: 'aal1' },
    needsMfa: false,
    recovering: false,
    ...extra,
  };
}

describe('sameSession', () => {
  it('holds for the same session described twice (new objects, same token and levels)', () => {
    expect(sameSession(signedIn('t1'), signedIn('t1'))).toBe(true);
  });

  it('tells apart another token, levels or flags', () => {
    expect(sameSession(signedIn('t1'), signedIn('t2'))).toBe(false);
    // USER_UPDATED: the same token, the user's new name.
    const renamed = { id: 'user-1', user_metadata: { display_name: 'Ana' } } as unknown as User;
    expect(sameSession(signedIn('t1'), signedIn('t1', { user: renamed }))).toBe(false);
    expect(sameSession(signedIn('t1'), signedIn('t1', { needsMfa: true }))).toBe(false);
    expect(sameSession(signedIn('t1'), signedIn('t1', { recovering: true }))).toBe(false);
    expect(
      sameSession(signedIn('t1'), signedIn('t1', { aal: { current: 'aal2', next: 'aal2' } })),
    ).toBe(false);
  });

  it('compares signed-out states by notice and loading only with loading', () => {
    const out: SessionState = { status: 'signed-out', notice: null, requested: false };
    expect(sameSession(out, { ...out })).toBe(true);
    expect(sameSession(out, { ...out, notice: 'You have been signed out.' })).toBe(false);
    expect(sameSession(out, signedIn('t1'))).toBe(false);
    expect(sameSession({ status: 'loading' }, { status: 'loading' })).toBe(true);
    expect(sameSession({ status: 'loading' }, out)).toBe(false);
  });
});

describe('primeSession', () => {
  it('reads the session once and offers it when ready (loading before)', async () => {
    let calls = 0;
    const auth = {
      getSession: async () => {
        calls++;
        return { data: { session: null }, error: null };
      },
    } as unknown as Auth;
    primeSession(auth);
    primeSession(auth);
    expect(initialSession(auth)).toEqual({ status: 'loading' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(initialSession(auth)).toEqual({ status: 'signed-out', notice: null, requested: false });
    expect(calls).toBe(1);
  });
});
