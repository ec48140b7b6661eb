import { describe, expect, it } from 'vitest';
import { ENDED_ELSEWHERE_NOTICE, planAuthEvent, SIGNED_OUT_NOTICE } from './auth-event-plan.ts';

const at = (pathname: string, signOutRequestedHere = false) => ({ pathname, signOutRequestedHere });

describe('planAuthEvent (DESIGN.md session table)', () => {
  it('INITIAL_SESSION only leaves the loading state', () => {
    expect(planAuthEvent('INITIAL_SESSION', at('/'))).toMatchObject({
      settle: true,
      navigate: null,
      clearCache: false,
    });
  });

  it('SIGNED_IN on a sign-in page goes to the page the user wanted', () => {
    expect(planAuthEvent('SIGNED_IN', at('/sign-in')).navigate).toBe('return-to');
    expect(planAuthEvent('SIGNED_IN', at('/verify')).navigate).toBe('return-to');
  });

  it('SIGNED_IN elsewhere (a tab regaining focus) moves nothing', () => {
    expect(planAuthEvent('SIGNED_IN', at('/settings/profile')).navigate).toBeNull();
  });

  it('SIGNED_OUT clears the cache and goes to /sign-in', () => {
    const plan = planAuthEvent('SIGNED_OUT', at('/', true));
    expect(plan).toMatchObject({ clearCache: true, navigate: '/sign-in', notice: null });
    expect(plan.forgetReturnTo).toBe(true);
  });

  it('SIGNED_OUT asked for here with a destination ends on that page', () => {
    const plan = planAuthEvent('SIGNED_OUT', {
      pathname: '/settings/security',
      signOutRequestedHere: true,
      afterSignOut: '/signed-out?reason=everywhere',
    });
    expect(plan).toMatchObject({ navigate: '/signed-out?reason=everywhere', notice: null });
    const elsewhere = planAuthEvent('SIGNED_OUT', {
      pathname: '/',
      signOutRequestedHere: false,
      afterSignOut: '/signed-out?reason=everywhere',
    });
    expect(elsewhere.navigate).toBe('/sign-in');
  });

  it('SIGNED_OUT not asked for here (expiry, another tab) says so', () => {
    const plan = planAuthEvent('SIGNED_OUT', at('/settings/profile'));
    expect(plan).toMatchObject({ clearCache: true, notice: SIGNED_OUT_NOTICE });
    expect(plan.forgetReturnTo).toBe(false);
    // The page is remembered before the tab leaves it, to come back to after signing in.
    expect(plan.rememberPage).toBe(true);
    expect(planAuthEvent('SIGNED_OUT', at('/settings/profile', true)).rememberPage).toBe(false);
  });

  it('SIGNED_OUT of a session the server says was ended elsewhere says that', () => {
    const plan = planAuthEvent('SIGNED_OUT', {
      pathname: '/n/1',
      signOutRequestedHere: false,
      endedElsewhere: true,
    });
    expect(plan).toMatchObject({ navigate: '/sign-in', notice: ENDED_ELSEWHERE_NOTICE });
    expect(plan.rememberPage).toBe(true);
  });

  it('TOKEN_REFRESHED changes nothing visible', () => {
    expect(planAuthEvent('TOKEN_REFRESHED', at('/'))).toMatchObject({
      navigate: null,
      clearCache: false,
      refetch: false,
    });
  });

  it('USER_UPDATED refetches what shows the user', () => {
    expect(planAuthEvent('USER_UPDATED', at('/')).refetch).toBe(true);
  });

  it('PASSWORD_RECOVERY goes to /reset-password', () => {
    expect(planAuthEvent('PASSWORD_RECOVERY', at('/auth/callback')).navigate).toBe(
      '/reset-password',
    );
  });

  it('MFA_CHALLENGE_VERIFIED continues to the page the user wanted', () => {
    expect(planAuthEvent('MFA_CHALLENGE_VERIFIED', at('/mfa')).navigate).toBe('return-to');
  });

  it('MFA_CHALLENGE_VERIFIED while enrolling in settings stays on the page', () => {
    expect(planAuthEvent('MFA_CHALLENGE_VERIFIED', at('/settings/security')).navigate).toBeNull();
  });
});
